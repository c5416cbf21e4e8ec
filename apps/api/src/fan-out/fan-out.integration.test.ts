import { randomUUID } from "node:crypto";
import { createEmptyPostgresDatabase } from "@argine/db/testing";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createInProcessFanOut, parseSignal } from "./fan-out.ts";
import { fanOutContract, heard } from "./fan-out-contract.ts";
import { createPostgresFanOut } from "./postgres-fan-out.ts";

describe("the in-process fan-out", () => {
  fanOutContract(async () => {
    const fanOut = createInProcessFanOut();
    return { here: fanOut, there: fanOut, close: () => fanOut.close() };
  });
});

describe("a signal on the wire", () => {
  it("is read only when it has the signal's shape", () => {
    const signal = { conversation: { supportThreadId: randomUUID() }, kind: "typing", ref: "client" };
    expect(parseSignal(JSON.stringify(signal))).toEqual(signal);
    expect(parseSignal(JSON.stringify({ ...signal, conversation: { practiceId: "c" } }))).toBeNull();
    expect(parseSignal(JSON.stringify({ ...signal, kind: "delete" }))).toBeNull();
    expect(parseSignal(JSON.stringify({ ...signal, ref: 1 }))).toBeNull();
    expect(parseSignal("{not json")).toBeNull();
    expect(parseSignal(undefined)).toBeNull();
  });
});

/** Two API processes' fan-outs on one throwaway database, each with its own pool as a process has. */
async function twoProcesses() {
  const database = await createEmptyPostgresDatabase();
  const pools = [1, 2].map(() => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // As db's openDb does: a connection the server ends while the pool closes (the database dropped with
    // force at the end) must not end the test process with an unheard error.
    pool.on("error", () => {});
    return pool;
  });
  const [here, there] = await Promise.all(pools.map((pool) => createPostgresFanOut(database.url, pool)));
  if (!here || !there) throw new Error("two fan-outs");
  return {
    here,
    there,
    url: database.url,
    close: async () => {
      await here.close();
      await there.close();
      for (const pool of pools) await pool.end();
      await database.drop();
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("the PostgreSQL fan-out", () => {
  fanOutContract(twoProcesses);

  it("listens again after its connection is cut, and says signals may have been missed", async () => {
    const processes = await twoProcesses();
    try {
      const { here, there, url } = processes;
      const far = heard(there);
      let gaps = 0;
      there.onGap(() => {
        gaps += 1;
      });
      const dropped: string[] = [];
      there.onInvalidate((cache) => dropped.push(cache));
      // Cut every listening connection of the database, as a restart or a network drop would.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike $1`,
        ["listen %"],
      );
      await admin.end();
      await expect.poll(() => gaps, { timeout: 10_000 }).toBeGreaterThan(0);
      // An invalidation may have been missed too: every cache is dropped.
      expect(dropped).toContain("catalogue");
      const signal = {
        conversation: { practiceId: randomUUID() },
        kind: "message" as const,
        ref: randomUUID(),
      };
      await here.publish(signal);
      expect(await far.next((s) => s.ref === signal.ref)).toEqual(signal);
    } finally {
      await processes.close();
    }
  });
});
