import type { PracticeDetail, PracticeSummary } from "@argine/core/practices/practices-api";
import { auditLog, practices } from "@argine/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
} from "../../../../test/identity.ts";

// The client chooses whether lawyers see who she is (ADR 038): at the questionnaire's end, then on the case
// page, and only she. While she is anonymous her name reaches no lawyer's detail, list or search.

describe("a practice's anonymity", () => {
  let s: IdentityServer;
  let client = "";
  let lawyer = "";
  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    ({ client, lawyer } = await demoTokens(s));
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);

  /** A questionnaire sent with the choice, and the practice claimed by the demo client (Giulia Esposito). */
  const claimed = async (anonymous?: boolean) => {
    const created = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        answers: { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-02" },
        statementOfTruth: true,
        privacyAccepted: true,
        ...(anonymous === undefined ? {} : { anonymous }),
      }),
    });
    expect(created.status).toBe(201);
    const { practiceId, claimToken, ticketCode } = (await created.json()) as {
      practiceId: string;
      claimToken: string;
      ticketCode: string;
    };
    await call(client, `/practices/${practiceId}/user`, "PATCH", { claimToken });
    return { practiceId, ticketCode };
  };
  const foundByName = async (ticketCode: string) =>
    (
      await call<{ data: PracticeSummary[] }>(lawyer, "/practices?q=giulia%20esposito&pageSize=100")
    ).body.data.some((p) => p.ticketCode === ticketCode);

  it("keeps the client's identity from lawyers when she chose it at the questionnaire's end", async () => {
    const { practiceId, ticketCode } = await claimed(true);
    const seen = await call<PracticeDetail>(lawyer, `/practices/${practiceId}`);
    expect(seen.body).toMatchObject({ anonymous: true, client: null });
    expect(await foundByName(ticketCode)).toBe(false);
    const anonymousOnly = await call<{ data: PracticeSummary[] }>(
      lawyer,
      `/practices?anonymous=true&q=${ticketCode}`,
    );
    expect(anonymousOnly.body.data.map((p) => p.ticketCode)).toEqual([ticketCode]);
  });

  it("is the client's choice on the case page, either way, audited; lawyers cannot make it", async () => {
    const { practiceId, ticketCode } = await claimed();
    expect((await call<PracticeDetail>(lawyer, `/practices/${practiceId}`)).body.client?.lastname).toBe(
      "Esposito",
    );

    expect(
      (await call(lawyer, `/practices/${practiceId}/anonymity`, "PUT", { anonymous: true })).status,
    ).toBe(403);
    const hidden = await call<PracticeDetail>(client, `/practices/${practiceId}/anonymity`, "PUT", {
      anonymous: true,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.anonymous).toBe(true);
    expect((await call<PracticeDetail>(lawyer, `/practices/${practiceId}`)).body.client).toBeNull();
    expect(await foundByName(ticketCode)).toBe(false);

    const shown = await call<PracticeDetail>(client, `/practices/${practiceId}/anonymity`, "PUT", {
      anonymous: false,
    });
    expect(shown.body.anonymous).toBe(false);
    expect((await call<PracticeDetail>(lawyer, `/practices/${practiceId}`)).body.client?.lastname).toBe(
      "Esposito",
    );
    expect(await foundByName(ticketCode)).toBe(true);

    const lines = await s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "practice.anonymity"), eq(auditLog.resourceId, practiceId)));
    expect(lines.map((line) => line.meta)).toEqual([{ anonymous: true }, { anonymous: false }]);
    // Asking again for what is already so changes nothing and writes no line.
    await call(client, `/practices/${practiceId}/anonymity`, "PUT", { anonymous: false });
    const [row] = await s.handle.db.select().from(practices).where(eq(practices.id, practiceId));
    expect(row?.anonymous).toBe(false);
  });

  it("refuses a body that is not a yes or a no, in Italian", async () => {
    const { practiceId } = await claimed();
    const bad = await call<{ message: string }>(client, `/practices/${practiceId}/anonymity`, "PUT", {
      anonymous: "forse",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/[a-zà-ù]/);
  });
});
