import type { Comment } from "@argine/core/conversations/message-schemas";
import type { Me } from "@argine/core/identity/users-api";
import type { PracticeSummary, UnreadCounts } from "@argine/core/practices/practices-api";
import { auditLog } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  randomIp,
  startIdentityServer,
  strangerToken,
} from "../../../../test/identity.ts";

// GET /v1/practices/unread-counts (ADR 030): what chat activity reads again instead of the lists, so each
// message does not write a staff list read into the audit log.

describe.each(testDbKinds())("the unread counts on %s", (kind) => {
  let s: IdentityServer;
  let client = "";
  let lawyer = "";
  let stranger = "";
  let lawyerId = "";
  beforeAll(async () => {
    s = await startIdentityServer(kind);
    ({ client, lawyer } = await demoTokens(s));
    stranger = await strangerToken(s);
    lawyerId = (await apiCaller(s)<Me>(lawyer, "/users/me")).body.id;
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);
  /** Every audit line, whoever wrote it. */
  const auditLines = () => s.handle.db.select().from(auditLog);
  /** The caller's unread counts of those practices; the call itself leaves no audit line. */
  const counts = async (token: string, ids: readonly string[]) => {
    const lines = (await auditLines()).length;
    const res = await call<UnreadCounts>(token, `/practices/unread-counts?ids=${ids.join(",")}`);
    expect(res.status).toBe(200);
    expect(await auditLines()).toHaveLength(lines);
    return res.body.counts;
  };
  const write = async (token: string, practiceId: string, comment: string) => {
    const res = await call<Comment>(token, `/practices/${practiceId}/comments`, "POST", { comment });
    expect(res.status).toBe(201);
    return res.body;
  };
  const listReads = () =>
    s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, lawyerId), eq(auditLog.action, "practice.list")));

  /** A practice opened by the questionnaire and claimed by the bearer of `token`: no message yet. */
  const claimedBy = async (token: string) => {
    const created = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        answers: { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-02" },
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    });
    const { practiceId, claimToken } = (await created.json()) as { practiceId: string; claimToken: string };
    expect((await call(token, `/practices/${practiceId}/user`, "PATCH", { claimToken })).status).toBe(200);
    return practiceId;
  };

  it("follows a conversation's counts after one audited list, writing no audit line of its own", async () => {
    const mine = await claimedBy(client);
    const theirs = await claimedBy(stranger);

    const before = (await listReads()).length;
    const list = await call<{ data: PracticeSummary[] }>(lawyer, "/practices?pageSize=100");
    expect(list.body.data.map((p) => p.practiceId)).toEqual(expect.arrayContaining([mine, theirs]));
    const reads = await listReads();
    expect(reads).toHaveLength(before + 1);
    expect(reads.at(-1)?.resourceId.split(",")).toEqual(expect.arrayContaining([mine, theirs]));
    expect(await counts(lawyer, [mine, theirs])).toEqual({});

    // The client writes twice, the lawyer once on the other case: his own message is nothing to read.
    await write(client, mine, "Mi hanno scritto di nuovo stanotte.");
    const second = await write(client, mine, "Ho salvato gli screenshot.");
    await write(lawyer, theirs, "Buongiorno, ho preso visione della pratica.");
    expect(await counts(lawyer, [mine, theirs])).toEqual({ [mine]: 2 });

    // He reads the conversation and answers: nothing left for him, one message for her.
    const read = await call(lawyer, `/practices/${mine}/comments/read`, "PUT", { upTo: second.id });
    expect(read.status).toBe(200);
    await write(lawyer, mine, "Ricevuto, li aggiungiamo alle prove.");
    expect(await counts(lawyer, [mine, theirs])).toEqual({});
    expect(await counts(client, [mine])).toEqual({ [mine]: 1 });

    // However often the counts are asked, the staff's list reads stay the one list he was shown.
    expect(await listReads()).toHaveLength(before + 1);

    // A client asking by another client's id learns nothing of it, not even that it has messages: the
    // stranger has one unread on hers, the demo client's is absent for her, and the reverse.
    expect(await counts(stranger, [mine, theirs])).toEqual({ [theirs]: 1 });
    expect(await counts(client, [theirs, mine])).toEqual({ [mine]: 1 });
    expect(await counts(client, [theirs])).toEqual({});
  });

  it("refuses ids that are not a list of at most 100 practice ids with 400 and an Italian message", async () => {
    const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    const refused = async (query: string, message: string) => {
      const res = await call<{ code: string; message: string }>(lawyer, `/practices/unread-counts${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: "BAD_REQUEST", message });
    };
    await refused("", "Campo Obbligatorio");
    await refused("?ids=", "Campo Obbligatorio");
    await refused("?ids=nessuna", "Identificativo non valido.");
    await refused(`?ids=${uuid(1)},,${uuid(2)}`, "Identificativo non valido.");
    await refused(`?ids=${uuid(1)}&ids=${uuid(2)}`, "Valore non valido: è atteso un testo.");
    const many = Array.from({ length: 101 }, (_, n) => uuid(n)).join(",");
    await refused(`?ids=${many}`, "Puoi indicare al massimo 100 elementi.");
    // A hundred, each once (a repeated id counts once), is a list's page: answered.
    const hundred = Array.from({ length: 100 }, (_, n) => uuid(n));
    expect(await counts(lawyer, [...hundred, uuid(0)])).toEqual({});
  });
});
