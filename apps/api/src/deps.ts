import type { Db } from "@argine/db/client";
import type { Adapters } from "./adapters.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";

/**
 * What every service function takes first: `(deps, actor, input)`. Routes hand it `app.deps`; a job or a
 * webhook builds nothing of its own and calls the same function with the same deps.
 */
export interface Deps extends Adapters {
  config: Config;
  db: Db;
  clock: Clock;
}
