import type { Db } from "../client.ts";

/**
 * What is made once for each database handle: a query a request runs again and again, built by drizzle and
 * prepared by PostgreSQL once per connection instead of at every request (docs/performance.md). Keyed by the
 * handle, so a test's database and the server's never share a statement.
 */
export function oncePerDb<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}
