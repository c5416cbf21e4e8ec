import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { SERVICE_STATUS_ERRORS } from "@argine/core/services/lifecycle";
import { DEFENCE_MANDATE_VERSION } from "@argine/core/services/mandate";
import type { Mandate, PracticeService, ServiceQueue } from "@argine/core/services/services-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { findUserByEmail } from "@argine/db/queries/users";
import { auditLog, uploadedFiles } from "@argine/db/schema";
import { testDbKinds } from "@argine/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiCaller,
  demoTokens,
  type IdentityServer,
  startIdentityServer,
  strangerToken,
} from "../../../../test/identity.ts";
import { paidPractice } from "../../../../test/sandbox.ts";
import { PDF_BYTES, uploadThroughApi } from "../../../../test/uploads.ts";

// The work on a bought service (ADR 020) through the real routes: the client's files and the lawyer's
// document (signed URL, PUT, register), who may touch which file, the statuses and their rules, the mails,
// the queue's order, the defence mandate.

describe.each(testDbKinds())("services on %s", (kind) => {
  let s: IdentityServer;
  let tokens: { client: string; lawyer: string; admin: string; stranger: string };
  let clientId = "";
  let lawyerId = "";

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    tokens = { ...(await demoTokens(s)), stranger: await strangerToken(s) };
    clientId = (await findUserByEmail(s.handle.db, "cliente@demo.argine.it"))?.id as string;
    lawyerId = (await findUserByEmail(s.handle.db, "avvocato@demo.argine.it"))?.id as string;
  });
  afterAll(() => s.close());

  const call = <T>(token: string, path: string, method = "GET", body?: unknown) =>
    apiCaller(s)<T>(token, path, method, body);
  let n = 0;
  /** The demo client's new practice with `items` paid by card; its services by type. */
  const buy = (items: string[]) =>
    paidPractice(
      s,
      tokens.client,
      { ticketCode: `AR-SRV${kind.slice(0, 2)}${++n}`, ownerId: clientId },
      items,
    );
  const detailOf = async (practiceId: string, token = tokens.client) =>
    (await call<PracticeDetail>(token, `/practices/${practiceId}`)).body;
  const mailsTo = async (email: string) => {
    await s.mailer.lastTo(email);
    return s.mailer.sent.filter((mail) => mail.to === email);
  };

  it("takes a client's PDF: sent with its date, opened by the lawyer as an attachment, the same bytes", async () => {
    const { practiceId, services } = await buy(["TAKEDOWN"]);
    const advice = services.TAKEDOWN as PracticeService;
    expect(advice.clientFile).toBeNull();
    const steps = await uploadThroughApi(s.base, tokens.client, advice, "prove.pdf", PDF_BYTES);
    expect(steps.sign.status).toBe(200);
    expect(steps.put).toBe(200);
    expect(steps.register).toMatchObject({ status: 200, body: { fileName: "prove.pdf", side: "CLIENT" } });
    const file = (await detailOf(practiceId)).services[0]?.clientFile;
    expect(file?.fileName).toBe("prove.pdf");
    expect(Date.parse(file?.uploadDate ?? "")).toBeGreaterThan(Date.now() - 60_000);

    const link = await call<{ url: string }>(
      tokens.lawyer,
      `/services/${advice.serviceId}/upload?fileName=prove.pdf`,
    );
    expect(link.status).toBe(200);
    const download = await fetch(link.body.url);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
    // The staff's read of a client's file is on the audit log.
    const audit = await s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, advice.serviceId), eq(auditLog.action, "service.read")));
    expect(audit.map((line) => line.actorId)).toContain(lawyerId);
  });

  it("refuses an .exe renamed .pdf with its message and keeps nothing of it; a fresh upload then works", async () => {
    const { practiceId, services } = await buy(["TAKEDOWN"]);
    const advice = services.TAKEDOWN as PracticeService;
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(2000, 1)]);
    const steps = await uploadThroughApi(s.base, tokens.client, advice, "prove.pdf", exe);
    expect(steps.register).toMatchObject({ status: 400, body: { message: MESSAGES.uploadContentMismatch } });
    expect(
      await s.handle.db.select().from(uploadedFiles).where(eq(uploadedFiles.serviceId, advice.serviceId)),
    ).toEqual([]);
    expect((await detailOf(practiceId)).services[0]?.clientFile).toBeNull();
    const again = await uploadThroughApi(s.base, tokens.client, advice, "prove.pdf", PDF_BYTES);
    expect(again.register?.status).toBe(200);
  });

  it("refuses a file over 30 MB before signing, and a file that is not .pdf, .doc, .docx or .zip", async () => {
    const { services } = await buy(["TAKEDOWN"]);
    const advice = services.TAKEDOWN as PracticeService;
    const big = await call<{ message: string }>(
      tokens.client,
      `/services/${advice.serviceId}/signed-url?fileName=video.pdf&size=${31 * 1024 * 1024}`,
    );
    expect(big).toMatchObject({ status: 400, body: { message: MESSAGES.uploadTooLarge } });
    const exe = await call<{ message: string }>(
      tokens.client,
      `/services/${advice.serviceId}/signed-url?fileName=setup.exe&size=2000`,
    );
    expect(exe).toMatchObject({ status: 400, body: { message: MESSAGES.uploadBadType } });
  });

  it("keeps one file per side: another needs the first deleted; a delete removes the bytes too", async () => {
    const { practiceId, services } = await buy(["INJUCTION"]);
    const notice = services.INJUCTION as PracticeService;
    expect((await uploadThroughApi(s.base, tokens.client, notice, "a.pdf", PDF_BYTES)).register?.status).toBe(
      200,
    );
    const second = await uploadThroughApi(s.base, tokens.client, notice, "b.pdf", PDF_BYTES);
    expect(second.sign.status).toBe(409);
    const [row] = await s.handle.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.serviceId, notice.serviceId));
    const removed = await call<PracticeService>(
      tokens.client,
      `/services/${notice.serviceId}/upload`,
      "DELETE",
      {
        fileName: "a.pdf",
        serviceType: "INJUCTION",
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.clientFile).toBeNull();
    expect(await s.app.deps.storage.head(row?.storageKey as string)).toBeNull();
    expect((await detailOf(practiceId)).services[0]?.clientFile).toBeNull();
    const gone = await call<{ message: string }>(
      tokens.client,
      `/services/${notice.serviceId}/upload?fileName=a.pdf`,
    );
    expect(gone).toMatchObject({ status: 404, body: { message: MESSAGES.noDocument } });
    expect((await uploadThroughApi(s.base, tokens.client, notice, "b.pdf", PDF_BYTES)).register?.status).toBe(
      200,
    );
  });

  it("lets no other client sign, register, read or delete a file of someone else's service", async () => {
    const { services } = await buy(["TAKEDOWN"]);
    const advice = services.TAKEDOWN as PracticeService;
    await uploadThroughApi(s.base, tokens.client, advice, "mio.pdf", PDF_BYTES);
    const id = advice.serviceId;
    const body = { fileName: "mio.pdf", serviceType: "TAKEDOWN" };
    expect((await call(tokens.stranger, `/services/${id}/signed-url?fileName=x.pdf&size=100`)).status).toBe(
      404,
    );
    expect((await call(tokens.stranger, `/services/${id}/upload`, "PATCH", body)).status).toBe(404);
    expect((await call(tokens.stranger, `/services/${id}/upload?fileName=mio.pdf`)).status).toBe(404);
    expect((await call(tokens.stranger, `/services/${id}/upload`, "DELETE", body)).status).toBe(404);
    // Staff cannot delete the client's file either: they act on their own side only.
    expect((await call(tokens.lawyer, `/services/${id}/upload`, "DELETE", body)).status).toBe(404);
    expect((await call(tokens.client, `/services/${id}/upload?fileName=mio.pdf`)).status).toBe(200);
  });

  it("gives the client the lawyer's document once sent, with a mail that says nothing of the case", async () => {
    const { practiceId, services } = await buy(["INJUCTION"]);
    const notice = services.INJUCTION as PracticeService;
    const before = (await mailsTo("cliente@demo.argine.it")).length;
    const sent = await uploadThroughApi(s.base, tokens.lawyer, notice, "diffida.pdf", PDF_BYTES);
    expect(sent.register).toMatchObject({ status: 200, body: { side: "STAFF", fileName: "diffida.pdf" } });
    expect((await detailOf(practiceId)).services[0]?.document?.fileName).toBe("diffida.pdf");
    const link = await call<{ url: string }>(
      tokens.client,
      `/services/${notice.serviceId}/upload?fileName=diffida.pdf`,
    );
    expect(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()).equals(PDF_BYTES)).toBe(true);
    const mails = (await mailsTo("cliente@demo.argine.it")).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual(["C'è un aggiornamento sulla tua pratica"]);
    expect(mails[0]?.text).not.toMatch(/diffida|Diffida|INJUCTION/);
  });

  it("gives the lawyer who takes the practice in charge its services waiting for a lawyer, each audited", async () => {
    const { practiceId, services } = await buy(["INJUCTION", "DEFENCE", "TAKEDOWN"]);
    const adminId = (await findUserByEmail(s.handle.db, "admin@demo.argine.it"))?.id as string;
    // A colleague already holds the takedown: taking the practice does not take it from them.
    const takedown = services.TAKEDOWN as PracticeService;
    const held = await call(tokens.admin, `/services/${takedown.serviceId}/assignment`, "PUT", {
      lawyerId: adminId,
    });
    expect(held.status).toBe(200);

    const taken = await call<PracticeDetail>(tokens.lawyer, `/practices/${practiceId}/assignment`, "POST");
    expect(taken.status).toBe(200);
    const after = await detailOf(practiceId, tokens.lawyer);
    const byType = new Map(after.services.map((service) => [service.serviceType, service]));
    // The notice is hers and started; the defence is hers and waits for the mandate, as when assigned alone.
    expect(byType.get("INJUCTION")).toMatchObject({
      assignedLawyer: { id: lawyerId },
      status: "IN_PROGRESS",
    });
    expect(byType.get("DEFENCE")).toMatchObject({ assignedLawyer: { id: lawyerId }, status: "TO_START" });
    expect(byType.get("TAKEDOWN")?.assignedLawyer?.id).toBe(adminId);
    const assigned = await s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "service.assign"), eq(auditLog.actorId, lawyerId)));
    const lines = assigned.filter((line) =>
      [services.INJUCTION?.serviceId, services.DEFENCE?.serviceId].includes(line.resourceId ?? ""),
    );
    expect(lines.map((line) => line.meta)).toEqual([
      { from: null, to: lawyerId },
      { from: null, to: lawyerId },
    ]);
    // Taken again, nothing changes and nothing more is audited.
    await call(tokens.lawyer, `/practices/${practiceId}/assignment`, "POST");
    const again = await s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "service.assign"), eq(auditLog.actorId, lawyerId)));
    expect(again).toHaveLength(assigned.length);
  });

  it("moves a formal notice through its states, staff only, each change audited and the client mailed", async () => {
    const { services } = await buy(["INJUCTION"]);
    const notice = services.INJUCTION as PracticeService;
    const path = `/services/${notice.serviceId}/status`;
    const to = (status: string, token = tokens.lawyer) =>
      call<PracticeService & { message: string }>(token, path, "PATCH", { serviceType: "INJUCTION", status });
    expect((await to("IN_PROGRESS", tokens.client)).status).toBe(403);
    expect((await to("IN_PROGRESS", tokens.stranger)).status).toBe(404);
    const before = (await mailsTo("cliente@demo.argine.it")).length;
    expect((await to("IN_PROGRESS")).body.status).toBe("IN_PROGRESS");
    expect(await to("DOCUMENTS_READY")).toMatchObject({
      status: 409,
      body: { message: SERVICE_STATUS_ERRORS.documentMissing },
    });
    await uploadThroughApi(s.base, tokens.lawyer, notice, "diffida.pdf", PDF_BYTES);
    expect((await to("DOCUMENTS_READY")).body.status).toBe("DOCUMENTS_READY");
    expect((await to("COMPLETED")).body.status).toBe("COMPLETED");
    expect((await to("IN_PROGRESS")).body.status).toBe("IN_PROGRESS"); // reopened
    expect(await to("CANCELLED")).toMatchObject({
      status: 409,
      body: { message: SERVICE_STATUS_ERRORS.notAllowed },
    });
    expect((await to("WAITING_COURT")).status).toBe(400);
    expect(
      (await call(tokens.lawyer, path, "PATCH", { serviceType: "TAKEDOWN", status: "COMPLETED" })).status,
    ).toBe(400);
    // Four changes and a document within a minute: one neutral mail (update-mails.integration.test.ts).
    const mails = (await mailsTo("cliente@demo.argine.it")).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual(["C'è un aggiornamento sulla tua pratica"]);
    const audit = await s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, notice.serviceId), eq(auditLog.action, "service.status")));
    expect(audit.map((line) => line.meta)).toEqual([
      { from: "TO_START", to: "IN_PROGRESS" },
      { from: "IN_PROGRESS", to: "DOCUMENTS_READY" },
      { from: "DOCUMENTS_READY", to: "COMPLETED" },
      { from: "COMPLETED", to: "IN_PROGRESS" },
    ]);
  });

  it("starts a defence only after the client accepted the mandate, recorded with its version and time", async () => {
    const { practiceId, services } = await buy(["DEFENCE"]);
    const defence = services.DEFENCE as PracticeService;
    const start = () =>
      call<{ message: string }>(tokens.lawyer, `/services/${defence.serviceId}/status`, "PATCH", {
        serviceType: "DEFENCE",
        status: "IN_PROGRESS",
      });
    expect(await start()).toMatchObject({
      status: 409,
      body: { message: SERVICE_STATUS_ERRORS.mandateMissing },
    });
    // Taking it from the queue assigns it but cannot start it either.
    const taken = await call<PracticeService>(
      tokens.lawyer,
      `/services/${defence.serviceId}/assignment`,
      "PUT",
      {
        lawyerId,
      },
    );
    expect(taken.body).toMatchObject({ status: "TO_START", assignedLawyer: { id: lawyerId } });

    const letter = await call<Mandate>(tokens.client, `/services/${defence.serviceId}/mandate`);
    expect(letter.body).toMatchObject({ version: DEFENCE_MANDATE_VERSION, acceptedAt: null });
    const text = letter.body.sections.flatMap((section) => section.paragraphs).join("\n");
    const lawyer = await findUserByEmail(s.handle.db, "avvocato@demo.argine.it");
    expect(text).toContain(`l'avv. ${lawyer?.name} ${lawyer?.lastname}`);
    expect(text).toMatch(/hai pagato \d+,\d\d €/);
    const accept = (version: string, token = tokens.client) =>
      call<Mandate>(token, `/services/${defence.serviceId}/mandate`, "POST", { version, accepted: true });
    expect((await accept("2020-01-1")).status).toBe(409);
    expect((await accept(DEFENCE_MANDATE_VERSION, tokens.lawyer)).status).toBe(403);
    // An anonymous client names nobody in the letter, and lifts her anonymity before accepting (ADR 038).
    await call(tokens.client, `/practices/${practiceId}/anonymity`, "PUT", { anonymous: true });
    const unnamed = await call<Mandate>(tokens.lawyer, `/services/${defence.serviceId}/mandate`);
    expect(unnamed.body.sections.flatMap((section) => section.paragraphs).join("\n")).not.toContain(
      "Esposito",
    );
    const refused = await accept(DEFENCE_MANDATE_VERSION);
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { message: string }).message).toMatch(/togli l'anonimato/);
    await call(tokens.client, `/practices/${practiceId}/anonymity`, "PUT", { anonymous: false });
    const accepted = await accept(DEFENCE_MANDATE_VERSION);
    expect(accepted.body.acceptedVersion).toBe(DEFENCE_MANDATE_VERSION);
    expect(Date.parse(accepted.body.acceptedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect((await accept(DEFENCE_MANDATE_VERSION)).body.acceptedAt).toBe(accepted.body.acceptedAt);
    expect((await detailOf(practiceId)).services[0]?.mandateAcceptedAt).toBe(accepted.body.acceptedAt);
    expect((await start()).status).toBe(200);
  });

  it("lists the paid work waiting: the caller's first, then the unassigned, oldest first; taking starts it", async () => {
    const first = await buy(["INJUCTION"]);
    const second = await buy(["TAKEDOWN"]);
    const queue = () => call<ServiceQueue>(tokens.lawyer, "/services/queue");
    const ids = (q: ServiceQueue) => q.items.map((item) => item.serviceId);
    const firstId = (first.services.INJUCTION as PracticeService).serviceId;
    const secondId = (second.services.TAKEDOWN as PracticeService).serviceId;
    let items = ids((await queue()).body);
    expect(items.indexOf(firstId)).toBeLessThan(items.indexOf(secondId));
    const taken = await call<PracticeService>(tokens.lawyer, `/services/${secondId}/assignment`, "PUT", {
      lawyerId,
    });
    expect(taken.body).toMatchObject({ status: "IN_PROGRESS", assignedLawyer: { id: lawyerId } });
    const after = (await queue()).body;
    items = ids(after);
    expect(items.indexOf(secondId)).toBeLessThan(items.indexOf(firstId));
    expect(after.items.find((item) => item.serviceId === firstId)?.ticketCode).toBe(first.ticketCode);
    const onlyAdvice = (await call<ServiceQueue>(tokens.lawyer, "/services/queue?serviceType=TAKEDOWN")).body;
    expect(new Set(onlyAdvice.items.map((item) => item.serviceType))).toEqual(new Set(["TAKEDOWN"]));
    expect((await call(tokens.client, "/services/queue")).status).toBe(403);
    expect(
      (await call(tokens.lawyer, `/services/${firstId}/assignment`, "PUT", { lawyerId: clientId })).status,
    ).toBe(400);
  });
});
