import { testDbKinds } from "@argine/db/testing";
import { describe, expect, it } from "vitest";
import { startTestApp } from "../../test/helpers.ts";

// Liveness and readiness (the runbook's probes): a process whose database stops answering is taken out of
// the proxy's rotation (readiness), never restarted for it (liveness).

describe.each(testDbKinds())("the health probes (%s)", (kind) => {
  it("report ready while the database answers, and only readiness fails once it no longer does", async () => {
    const t = await startTestApp(kind);
    try {
      expect((await t.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ready" });
      // The database goes away under the running process.
      await t.handle.close();
      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: "database-unreachable" });
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    } finally {
      await t.app.close().catch(() => {});
    }
  });
});
