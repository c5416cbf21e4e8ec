import type { AuditList } from "@argine/core/audit/audit-api";
import type { DiaryEntry, DiaryLink, DiaryList, Dossier } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { canonicalJson } from "@argine/core/diary/entry";
import type { PracticeAccess } from "@argine/core/practices/practices-api";
import { findPracticeByTicketCode } from "@argine/db/queries/practices";
import { findUserByEmail, ownDataOf } from "@argine/db/queries/users";
import { diaryAttachments, diaryEntries, diaryVersions } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INCIDENT, PNG_BYTES, sendAttachment, shareDiary, writeEntry } from "../../test/diary.ts";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  STRANGER_EMAIL,
  STRANGER_PASSWORD,
  startIdentityServer,
  strangerToken,
} from "../../test/identity.ts";
import { jobsSettled } from "../../test/jobs.ts";
import { sha256 } from "../storage/storage.ts";
import { opensslVerify } from "../timestamps/timestamps-contract.ts";

// The evidence diary (issue 40) through the API, as the phone uses it: attachments checked and hashed on
// arrival, versions sealed by the job with tokens `openssl ts -verify` accepts, corrections that keep what was
// sealed, the switch that lets a practice's lawyers read it (and the client see that they did), the dossier.

describe.each(testDbKinds())("the evidence diary (%s)", (kind) => {
  let s: IdentityServer;
  let call: ReturnType<typeof apiCaller>;
  let tokens: { client: string; lawyer: string; admin: string };
  let stranger: string;
  let practiceId: string;

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    call = apiCaller(s);
    tokens = await demoTokens(s);
    stranger = await strangerToken(s);
    practiceId = (await findPracticeByTicketCode(s.handle.db, "AR-DEMO0006"))?.id ?? "";
  });
  afterAll(() => s.close());

  it("hashes a screenshot on arrival and seals it and the entry with tokens openssl verifies", async () => {
    const sent = await sendAttachment(s.base, tokens.client, "Screenshot_20261120.png", PNG_BYTES);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ kind: "image", size: PNG_BYTES.length, sha256: sha256(PNG_BYTES) });
    const written = await writeEntry(s.base, tokens.client, { practiceId, attachmentIds: [sent.body.id] });
    expect(written.status).toBe(201);
    const [version] = written.body.versions;
    expect(version).toMatchObject({ version: 1, attachmentIds: [sent.body.id], sealedAt: null });
    // The hash is the canonical JSON's of what she wrote, the attachment's hash inside it.
    const sealed = canonicalJson({
      entryId: written.body.id,
      version: 1,
      fields: version?.fields,
      attachments: [{ name: "Screenshot_20261120.png", sha256: sha256(PNG_BYTES) }],
      receivedAt: version?.receivedAt,
    });
    expect(version?.sha256).toBe(sha256(Buffer.from(sealed)));

    await jobsSettled(s.handle.db);
    const entry = await call<DiaryEntry>(tokens.client, `/diary/entries/${written.body.id}`);
    expect(entry.body.versions[0]?.sealedAt).not.toBeNull();
    expect(entry.body.attachments[0]?.sealedAt).not.toBeNull();
    const [row] = await s.handle.db
      .select()
      .from(diaryVersions)
      .where(eq(diaryVersions.entryId, written.body.id));
    const chain = await s.app.deps.timestamps.chain();
    expect(opensslVerify(Buffer.from(row?.seal ?? []), Buffer.from(sealed), chain)).toBe("OK");
    expect(opensslVerify(Buffer.from(row?.seal ?? []), Buffer.from(`${sealed} `), chain)).not.toBe("OK");
  });

  it("refuses, in Italian, a file that is not what its name says, and keeps nothing of it", async () => {
    const program = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(64)]);
    const refused = await sendAttachment(s.base, tokens.client, "foto.jpg", program);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(DIARY_MESSAGES.attachmentContent);
    const typed = await sendAttachment(s.base, tokens.client, "programma.exe", program);
    expect(typed).toMatchObject({ status: 400, body: { message: DIARY_MESSAGES.attachmentType } });
    const written = await writeEntry(s.base, tokens.client, { attachmentIds: [refused.body.id ?? ""] });
    expect(written.status).toBe(400);
  });

  it("keeps the sealed original when she corrects an entry, and seals the correction", async () => {
    const written = await writeEntry(s.base, tokens.client, { occurredAt: null });
    await jobsSettled(s.handle.db);
    const original = (await call<DiaryEntry>(tokens.client, `/diary/entries/${written.body.id}`)).body
      .versions[0];
    const corrected = await call<DiaryEntry>(
      tokens.client,
      `/diary/entries/${written.body.id}/versions`,
      "POST",
      {
        ...INCIDENT,
        occurredAt: "23:40",
        practiceId: null,
        attachmentIds: [],
      },
    );
    expect(corrected.status).toBe(201);
    expect(corrected.body.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(corrected.body.versions[1]).toEqual(original);
    expect(corrected.body.versions[0]?.fields.occurredAt).toBe("23:40");
    await jobsSettled(s.handle.db);
    const after = await call<DiaryEntry>(tokens.client, `/diary/entries/${written.body.id}`);
    expect(after.body.versions.every((v) => v.sealedAt !== null)).toBe(true);
  });

  it("refuses a day to come and an attachment that is someone else's", async () => {
    const future = await writeEntry(s.base, tokens.client, { occurredOn: "2099-01-01" });
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.body)).toContain(DIARY_MESSAGES.occurredOnFuture);
    const theirs = await sendAttachment(s.base, stranger, "loro.png", PNG_BYTES);
    const taken = await writeEntry(s.base, tokens.client, { attachmentIds: [theirs.body.id] });
    expect(taken).toMatchObject({ status: 400, body: { message: DIARY_MESSAGES.attachmentInUse } });
    const link = await call(tokens.client, `/diary/attachments/${theirs.body.id}/link`);
    expect(link.status).toBe(404);
  });

  it("lists the incidents in the order they happened, an unknown time first on its day", async () => {
    const fresh = stranger; // an account with nothing else in its diary
    const days = [
      { occurredOn: "2026-11-12", occurredAt: "09:00" },
      { occurredOn: "2026-11-10", occurredAt: "21:00" },
      { occurredOn: "2026-11-12", occurredAt: null },
    ];
    for (const day of days) expect((await writeEntry(s.base, fresh, day)).status).toBe(201);
    const list = await call<DiaryList>(fresh, "/diary/entries");
    const order = list.body.entries.map(
      (e) => `${e.versions[0]?.fields.occurredOn} ${e.versions[0]?.fields.occurredAt}`,
    );
    const expected = ["2026-11-10 21:00", "2026-11-12 null", "2026-11-12 09:00"];
    expect(order.filter((line) => expected.includes(line))).toEqual(expected);
  });

  it("lets the practice's lawyer read it only while she shares it, and tells her he did", async () => {
    const written = await writeEntry(s.base, tokens.client, { practiceId });
    const before = await call(tokens.lawyer, `/diary/entries?practiceId=${practiceId}`);
    expect(before).toMatchObject({ status: 403, body: { message: DIARY_MESSAGES.notShared } });
    expect((await call(tokens.lawyer, `/diary/entries/${written.body.id}`)).status).toBe(404);

    expect((await shareDiary(s.base, tokens.client, practiceId, true)).body).toMatchObject({ shared: true });
    const shared = await call<DiaryList>(tokens.lawyer, `/diary/entries?practiceId=${practiceId}`);
    expect(shared.status).toBe(200);
    expect(shared.body.entries.map((e) => e.id)).toContain(written.body.id);
    expect(
      (
        await call(tokens.lawyer, `/diary/entries/${written.body.id}/versions`, "POST", {
          ...INCIDENT,
          practiceId,
          attachmentIds: [],
        })
      ).status,
    ).toBe(403);
    const seen = await call<PracticeAccess>(tokens.client, `/practices/${practiceId}/access-log`);
    expect(JSON.stringify(seen.body)).toContain("Il diario degli episodi che hai condiviso");

    expect((await shareDiary(s.base, tokens.client, practiceId, false)).body).toMatchObject({
      shared: false,
    });
    expect((await call(tokens.lawyer, `/diary/entries?practiceId=${practiceId}`)).status).toBe(403);
    const log = await call<AuditList>(tokens.admin, `/admin/audit?action=diary.share`);
    expect(JSON.stringify(log.body)).toContain('"shared":false');
    expect((await shareDiary(s.base, tokens.lawyer, practiceId, true)).status).toBe(404);
  });

  it("files an incident written before the case in its practice by a correction, hers only", async () => {
    const earlier = await writeEntry(s.base, tokens.client);
    const body = { ...INCIDENT, practiceId, attachmentIds: [] };
    const moved = await call<DiaryEntry>(
      tokens.client,
      `/diary/entries/${earlier.body.id}/versions`,
      "POST",
      body,
    );
    expect(moved.body).toMatchObject({ practiceId, versions: [{ version: 2 }, { version: 1 }] });
    const listed = await call<DiaryList>(tokens.client, `/diary/entries?practiceId=${practiceId}`);
    expect(listed.body.entries.map((e) => e.id)).toContain(earlier.body.id);
    const intoTheirs = await call(stranger, `/diary/entries/${earlier.body.id}/versions`, "POST", body);
    expect(intoTheirs.status).toBe(404);
    const mine = await writeEntry(s.base, stranger);
    const elsewhere = await call(stranger, `/diary/entries/${mine.body.id}/versions`, "POST", body);
    expect(elsewhere).toMatchObject({ status: 404, body: { message: DIARY_MESSAGES.practiceNotFound } });
  });

  it("makes the dossier by a job, its ZIP holding the files and the tokens", async () => {
    const sent = await sendAttachment(s.base, tokens.client, "chat.png", PNG_BYTES);
    await writeEntry(s.base, tokens.client, { practiceId, attachmentIds: [sent.body.id] });
    const empty = await call(tokens.admin, "/diary/dossiers", "POST", { practiceId: null });
    expect(empty).toMatchObject({ status: 400, body: { message: DIARY_MESSAGES.dossierEmpty } });
    const asked = await call<Dossier>(tokens.client, "/diary/dossiers", "POST", { practiceId });
    expect(asked).toMatchObject({ status: 201, body: { state: "QUEUED", pdf: null, zip: null } });
    await jobsSettled(s.handle.db, 60_000);
    const ready = await call<Dossier>(tokens.client, `/diary/dossiers/${asked.body.id}`);
    expect(ready.body).toMatchObject({ state: "READY", progress: 100 });
    expect((await call(tokens.lawyer, `/diary/dossiers/${asked.body.id}`)).status).toBe(404);
    const zip = unzipSync(new Uint8Array(await (await fetch(ready.body.zip?.url ?? "")).arrayBuffer()));
    const names = Object.keys(zip);
    expect(names).toContain("tsa-chain.pem");
    const stored = names.find((name) => name.endsWith("/chat.png"));
    expect(stored && sha256(zip[stored] as Uint8Array)).toBe(sha256(PNG_BYTES));
    const chain = strFromU8(zip["tsa-chain.pem"] as Uint8Array);
    const token = zip[`${stored}.tsr`] as Uint8Array;
    expect(opensslVerify(Buffer.from(token), PNG_BYTES, chain)).toBe("OK");
    const pdf = await fetch(ready.body.pdf?.url ?? "");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("gives a short-lived link to an attachment, hers alone", async () => {
    const sent = await sendAttachment(
      s.base,
      tokens.client,
      "vocale.mp3",
      Buffer.concat([Buffer.from("ID3"), Buffer.alloc(32)]),
    );
    expect(sent.body.kind).toBe("audio");
    await writeEntry(s.base, tokens.client, { attachmentIds: [sent.body.id] });
    const link = await call<DiaryLink>(tokens.client, `/diary/attachments/${sent.body.id}/link`);
    const bytes = Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
    expect(bytes.subarray(0, 3).toString()).toBe("ID3");
    expect((await call(tokens.lawyer, `/diary/attachments/${sent.body.id}/link`)).status).toBe(404);
  });

  it("goes with her account: in her data's export, and erased with it, files included", async () => {
    const ownerId = (await findUserByEmail(s.handle.db, STRANGER_EMAIL))?.id ?? "";
    const sent = await sendAttachment(s.base, stranger, "prova.png", PNG_BYTES);
    await writeEntry(s.base, stranger, { attachmentIds: [sent.body.id] });
    await jobsSettled(s.handle.db);
    const data = await ownDataOf(s.handle.db, ownerId);
    expect(data.diary.entries.length).toBeGreaterThanOrEqual(4);
    const exported = data.diary.attachments.find((a) => a.id === sent.body.id);
    expect(exported).toMatchObject({ sha256: sha256(PNG_BYTES), token: expect.any(String) });
    const key = exported?.storageKey ?? "";
    expect(await s.app.deps.storage.get(key)).not.toBeNull();

    const erased = await call(stranger, "/users/me/erasure", "POST", { password: STRANGER_PASSWORD });
    expect(erased.status).toBe(204);
    expect(await s.handle.db.select().from(diaryEntries).where(eq(diaryEntries.ownerId, ownerId))).toEqual(
      [],
    );
    expect(
      await s.handle.db.select().from(diaryAttachments).where(eq(diaryAttachments.ownerId, ownerId)),
    ).toEqual([]);
    expect(await s.app.deps.storage.get(key)).toBeNull();
  });
});
