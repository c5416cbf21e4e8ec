import type { Me } from "@argine/core/identity/users-api";
import type { PracticeList, PracticeQueue } from "@argine/core/practices/practices-api";
import { auditLog } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";

// A list read again is answered from the process's memory while the lists' version its grant check read is
// the one it was read under (practices/list-pages.ts, migration 0031): whatever changed before the request
// shows in its answer, and each list a staff member sees has its audit line (ADR 045).

describe.each(testDbKinds())("the lists read again on %s", (kind) => {
  let s: IdentityServer;
  let client = "";
  let lawyer = "";
  let lawyerId = "";
  beforeAll(async () => {
    s = await startIdentityServer(kind);
    ({ client, lawyer } = await demoTokens(s));
    lawyerId = (await apiCaller(s)<Me>(lawyer, "/users/me")).body.id;
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);
  const list = async (token: string, query = "page=1&pageSize=20") => {
    const res = await call<PracticeList>(token, `/practices?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  it("shows a message, a case taken and a lawyer's name changed since the last read, at once", async () => {
    const first = await list(client);
    expect(await list(client)).toEqual(first);
    const practice = first.data[0];
    if (!practice) throw new Error("the demo client has no practice");
    const line = () => first.data.indexOf(practice);
    const unread = async () => (await list(client)).data[line()]?.unreadComments;

    const before = await unread();
    const res = await call(lawyer, `/practices/${practice.practiceId}/comments`, "POST", {
      comment: "Ci sono novità",
    });
    expect(res.status).toBe(201);
    expect(await unread()).toBe((before ?? 0) + 1);

    // The demo lawyer takes the case unless she has it already, then changes her surname.
    if (practice.assignedLawyer?.id !== lawyerId) {
      expect((await call(lawyer, `/practices/${practice.practiceId}/assignment`, "POST")).status).toBe(200);
      expect((await list(client)).data[line()]?.assignedLawyer?.id).toBe(lawyerId);
    }
    expect((await call(lawyer, "/users/me", "PATCH", { lastname: "Ferraris" })).status).toBe(200);
    expect((await list(client)).data[line()]?.assignedLawyer?.lastname).toBe("Ferraris");
  });

  it("writes a line for each list a staff member sees: the same list unchanged once, again once changed", async () => {
    const reads = async () =>
      (
        await s.handle.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.actorId, lawyerId), eq(auditLog.action, "practice.list")))
      ).length;
    const before = await reads();
    const pages = [await list(lawyer), await list(lawyer), await list(lawyer)];
    expect(pages[1]).toEqual(pages[0]);
    expect(pages[2]).toEqual(pages[0]);
    const queue = await call<PracticeQueue>(lawyer, "/practices/queue");
    expect(queue.status).toBe(200);
    expect(await call<PracticeQueue>(lawyer, "/practices/queue")).toMatchObject({ body: queue.body });
    // One line for the list, one for the queue, however often each was seen unchanged.
    expect(await reads()).toBe(before + 2);
    // Another page is another list.
    await list(lawyer, "page=2&pageSize=5");
    expect(await reads()).toBe(before + 3);
    // A message on one of the cases changes what the list shows: seen again, it is written again.
    const practiceId = pages[0]?.data[0]?.practiceId;
    const sent = await call(lawyer, `/practices/${practiceId}/comments`, "POST", {
      comment: "Aggiornamento",
    });
    expect(sent.status).toBe(201);
    await list(lawyer);
    expect(await reads()).toBe(before + 4);
  });

  it("keeps each reader's list apart: the same query, another caller, another answer", async () => {
    const mine = await list(client);
    const staff = await list(lawyer);
    expect(staff.total).toBeGreaterThan(mine.total);
    expect(await list(client)).toEqual(mine);
  });
});
