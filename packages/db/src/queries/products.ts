import { asc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { products } from "../schema/catalogue.ts";

export function listActiveProducts(db: Db) {
  return db.select().from(products).where(eq(products.active, true)).orderBy(asc(products.sortOrder));
}
