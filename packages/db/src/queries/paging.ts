import type { pageWindow } from "@argine/core/shared/paging";
import { desc } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";

/** The rows of a list a query asks for: core's page window, `limit` of them after the first `offset`. */
export type Page = ReturnType<typeof pageWindow>;

/** The page of a listing (made `$dynamic()`), newest first: ties broken by id, so pages never overlap. */
export const newestFirst = <Q extends PgSelect>(
  query: Q,
  table: { createdAt: PgColumn; id: PgColumn },
  page: Page,
) => query.orderBy(desc(table.createdAt), desc(table.id)).limit(page.limit).offset(page.offset);
