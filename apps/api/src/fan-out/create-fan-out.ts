import type { DbHandle } from "@argine/db/client";
import { createInProcessFanOut, type FanOut } from "./fan-out.ts";
import { createPostgresFanOut } from "./postgres-fan-out.ts";

/** The fan-out the database engine calls for: PGlite is one process's, PostgreSQL may serve several. */
export async function createFanOut(handle: DbHandle): Promise<FanOut> {
  return handle.engine.kind === "postgres"
    ? createPostgresFanOut(handle.engine.databaseUrl, handle.engine.pool)
    : createInProcessFanOut();
}
