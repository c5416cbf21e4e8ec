import type { PracticeDetail, PracticeSummary } from "@argine/core/practices/practices-api";
import { auditLog, practices } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type IdentityServer, signIn, startIdentityServer } from "../../../../test/identity.ts";

const DEMO = "Demo!Argine2026";

describe.each(testDbKinds())("practices on %s", (kind) => {
  let s: IdentityServer;
  let client = "";
  let lawyer = "";
  beforeAll(async () => {
    s = await startIdentityServer(kind);
    client = (await signIn(s, "cliente@demo.argine.it", DEMO)).tokens?.access_token ?? "";
    lawyer = (await signIn(s, "avvocato@demo.argine.it", DEMO)).tokens?.access_token ?? "";
  });
  afterAll(() => s.close());

  const call = async <T>(token: string, path: string, method = "GET", body?: unknown) => {
    const res = await fetch(`${s.base}/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  type List = { total: number; data: PracticeSummary[] };

  it("shows a client only their own practices, with total and data", async () => {
    const { body } = await call<List>(client, "/practices");
    expect(body.data.map((p) => p.ticketCode).sort()).toEqual(["AR-DEMO0001", "AR-DEMO0002"]);
    expect(body.total).toBe(2);
    expect(body.data[0]?.client).toEqual({ name: "Giulia", lastname: "Esposito" });
  });

  it("lets staff search by client name and by practice number, filter anonymous ones, and page", async () => {
    const byName = await call<List>(lawyer, "/practices?q=esposito");
    expect(byName.body.data.map((p) => p.ticketCode).sort()).toEqual(["AR-DEMO0001", "AR-DEMO0002"]);
    const byFullName = await call<List>(lawyer, "/practices?q=Giulia%20Esposito");
    expect(byFullName.body.total).toBe(2);
    const byNumber = await call<List>(lawyer, "/practices?q=demo0002");
    expect(byNumber.body.data.map((p) => p.ticketCode)).toEqual(["AR-DEMO0002"]);
    const anonymous = await call<List>(lawyer, "/practices?anonymous=true");
    expect(anonymous.body.data.map((p) => p.ticketCode)).toEqual(["AR-DEMO0003"]);
    expect(anonymous.body.data[0]?.client).toBeNull();
    const page = await call<List>(lawyer, "/practices?pageSize=1&page=2");
    expect(page.body.data).toHaveLength(1);
    expect(page.body.total).toBe(3);
    const bad = await call<{ message: string }>(lawyer, "/practices?pageSize=1000");
    expect(bad.status).toBe(400);
  });

  it("keeps other clients' practices invisible, and logs every staff read", async () => {
    const [anon] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0003"));
    expect((await call(client, `/practices/${anon?.id}`)).status).toBe(404);
    const seen = await call<PracticeDetail>(lawyer, `/practices/${anon?.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.client).toBeNull();
    const trail = await s.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resourceId, anon?.id ?? ""));
    expect(trail.map((t) => t.action)).toContain("practice.read");
  });

  it("lets the owner close a practice, not reopen it; staff reopen it", async () => {
    const [p] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0002"));
    const closed = await call<PracticeDetail>(client, `/practices/${p?.id}/status`, "PATCH", {
      status: "CLOSED",
    });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("CLOSED");
    const reopen = await call<{ message: string }>(client, `/practices/${p?.id}/status`, "PATCH", {
      status: "OPEN",
    });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toContain("contatta il team");
    const staff = await call<PracticeDetail>(lawyer, `/practices/${p?.id}/status`, "PATCH", {
      status: "OPEN",
    });
    expect(staff.body.status).toBe("OPEN");
  });

  it("lets staff change the services a practice can buy", async () => {
    const [p] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0001"));
    const flags = {
      serviceTakedownActive: false,
      serviceLegalizationActive: true,
      serviceInjuctionActive: false,
      serviceAdviceActive: true,
    };
    expect((await call(client, `/practices/${p?.id}/services-active`, "PATCH", flags)).status).toBe(403);
    const changed = await call<PracticeDetail>(lawyer, `/practices/${p?.id}/services-active`, "PATCH", flags);
    expect(changed.body).toMatchObject(flags);
  });

  it("keeps a conversation in comments: the client writes, the lawyer reads and answers, each edits only their own", async () => {
    const [p] = await s.handle.db.select().from(practices).where(eq(practices.ticketCode, "AR-DEMO0001"));
    const added = await call<{ id: string; comment: string; author: string }>(
      client,
      `/practices/${p?.id}/comments`,
      "POST",
      {
        comment: "Ho ricevuto un altro messaggio ieri sera.",
      },
    );
    expect(added.status).toBe(201);
    expect(added.body.author).toBe("Giulia Esposito");
    const seen = await call<{ comment: string }[]>(lawyer, `/practices/${p?.id}/comments`);
    expect(seen.body.map((c) => c.comment)).toContain("Ho ricevuto un altro messaggio ieri sera.");
    expect((await call(lawyer, `/comments/${added.body.id}`, "PUT", { comment: "cambiato" })).status).toBe(
      403,
    );
    const edited = await call<{ comment: string }>(client, `/comments/${added.body.id}`, "PUT", {
      comment: "Corretto",
    });
    expect(edited.body.comment).toBe("Corretto");
    const empty = await call<{ message: string }>(client, `/practices/${p?.id}/comments`, "POST", {
      comment: "  ",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Campo Obbligatorio");
  });

  it("gives the owner the questionnaire answers and a feedback link to open", async () => {
    const created = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        answers: { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-02" },
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    });
    const { practiceId } = (await created.json()) as { practiceId: string };
    await call(client, `/practices/${practiceId}/user`, "PATCH");
    const questions = await call<Record<string, unknown>>(client, `/practices/${practiceId}/questions`);
    expect(questions.body).toMatchObject({ category: "DEFAMATION", lastEventDate: "2026-11-02" });
    const link = await call<{ link: string }>(client, `/practices/${practiceId}/feedback-link`);
    expect(link.body.link).toBe(`${s.base}/v1/practices/${practiceId}/feedback.pdf`);
  });
});
