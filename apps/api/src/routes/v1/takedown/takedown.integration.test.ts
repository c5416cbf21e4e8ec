import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import {
  TAKEDOWN_ERRORS,
  TAKEDOWN_RECORD_ERRORS,
  type TakedownNotice,
  type TakedownNotices,
} from "@argine/core/takedown/takedown-api";
import { findUserByEmail } from "@argine/db/queries/users";
import { auditLog, takedownNotices } from "@argine/db/schema";
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
import { pdfText } from "../../../../test/pdf-text.ts";
import { paidPractice } from "../../../../test/sandbox.ts";

// The takedown (ADR 021) through the real routes: the client's URLs once, the notices as text and PDF,
// who sees what, the staff's record with its audit line and the client's mail.

const OFFENCES = [
  {
    code: "REVENGE_PORN",
    article: "612-ter c.p.",
    title: "Diffusione illecita di immagini o video sessualmente espliciti",
    procedibility: "QUERELA",
    complaintDeadline: null,
    prescriptionDate: "2032-06-10",
    penalty: "da 1 a 6 anni",
    aggravations: [],
    certain: true,
  },
];

describe.each(testDbKinds())("takedown on %s", (kind) => {
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
  /** The demo client's new practice with a paid takedown: its service id. */
  const buyTakedown = async (practice: { anonymous?: boolean } = {}) => {
    const ticketCode = `AR-TKD${kind.slice(0, 2)}${++n}`;
    const values = { ticketCode, ownerId: clientId, feedback: { offences: OFFENCES }, ...practice };
    const bought = await paidPractice(s, tokens.client, values, ["TAKEDOWN"]);
    return {
      practiceId: bought.practiceId,
      ticketCode,
      serviceId: bought.services.TAKEDOWN?.serviceId as string,
    };
  };
  const URLS = ["https://www.instagram.com/p/abc/", "https://example.org/pagina", "https://t.me/canale/7"];

  it("takes the URLs once, each with its platform, and hands the service to the team", async () => {
    const { practiceId, serviceId } = await buyTakedown();
    const sent = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/urls`, "PATCH", {
      urls: URLS,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.notices.map((x) => [x.position, x.url, x.platform?.code ?? null, x.status])).toEqual([
      [1, URLS[0], "INSTAGRAM", "PENDING"],
      [2, URLS[1], null, "PENDING"],
      [3, URLS[2], "TELEGRAM", "PENDING"],
    ]);
    const detail = await call<PracticeDetail>(tokens.client, `/practices/${practiceId}`);
    expect(detail.body.services[0]?.status).toBe("IN_PROGRESS");

    const again = await call<{ message: string }>(
      tokens.client,
      `/services/takedown/${serviceId}/urls`,
      "PATCH",
      { urls: ["https://example.org/altro"] },
    );
    expect(again).toMatchObject({ status: 409, body: { message: TAKEDOWN_ERRORS.alreadySubmitted } });
    const read = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/notices`);
    expect(read.body.notices.map((x) => x.url)).toEqual(URLS);
  });

  it("refuses an empty first link and a non-web link, in Italian", async () => {
    const { serviceId } = await buyTakedown();
    const empty = await call<{ message: string }>(
      tokens.client,
      `/services/takedown/${serviceId}/urls`,
      "PATCH",
      {
        urls: [],
      },
    );
    expect(empty).toMatchObject({ status: 400, body: { message: MESSAGES.takedownFirstUrlRequired } });
    const bad = await call<{ message: string }>(
      tokens.client,
      `/services/takedown/${serviceId}/urls`,
      "PATCH",
      {
        urls: ["javascript:alert(1)"],
      },
    );
    expect(bad).toMatchObject({ status: 400, body: { message: MESSAGES.invalidUrl } });
  });

  it("answers another client as if the takedown did not exist, and staff may not submit for the client", async () => {
    const { serviceId } = await buyTakedown();
    const path = `/services/takedown/${serviceId}/urls`;
    expect((await call(tokens.stranger, path, "PATCH", { urls: URLS })).status).toBe(404);
    expect((await call(tokens.stranger, `/services/takedown/${serviceId}/notices`)).status).toBe(404);
    expect((await call(tokens.lawyer, path, "PATCH", { urls: URLS })).status).toBe(403);
  });

  it("writes each notice as text and PDF: the articles, the URL, the client as notifier, the good faith", async () => {
    const { serviceId, ticketCode } = await buyTakedown();
    const sent = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/urls`, "PATCH", {
      urls: URLS.slice(0, 1),
    });
    const notice = sent.body.notices[0] as TakedownNotice;
    expect(notice.text).toContain("(art. 612-ter c.p.)");
    expect(notice.text).toContain("Autore della segnalazione: ");
    expect(notice.text).toContain("cliente@demo.argine.it");

    const pdf = await call<Buffer>(
      tokens.client,
      `/services/takedown/${serviceId}/notices/${notice.noticeId}/pdf`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain(`segnalazione-${ticketCode}-1.pdf`);
    const text = await pdfText(new Uint8Array(pdf.body));
    expect(text).toContain("Digital Services Act");
    expect(text).toContain(URLS[0]);
    expect(text).toContain("Diffusione illecita di immagini o video sessualmente espliciti");
    expect(text).toContain("cliente@demo.argine.it");
    expect(text).toContain("Dichiaro in buona fede");
    expect(text).toContain(ticketCode);
  });

  it("signs an anonymous practice's notices with the lawyer working it", async () => {
    const { serviceId } = await buyTakedown({ anonymous: true });
    await call(tokens.lawyer, `/services/${serviceId}/assignment`, "PUT", { lawyerId });
    const sent = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/urls`, "PATCH", {
      urls: URLS.slice(0, 1),
    });
    expect(sent.body.notices[0]?.text).toContain(
      "avvocato@demo.argine.it, per conto della persona interessata",
    );
    expect(sent.body.notices[0]?.text).not.toContain("cliente@demo.argine.it");
  });

  it("keeps the staff's record: sent, then the answer, an audit line each, a mail for the answer", async () => {
    const { serviceId } = await buyTakedown();
    const sent = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/urls`, "PATCH", {
      urls: URLS.slice(0, 2),
    });
    const [first, second] = sent.body.notices as [TakedownNotice, TakedownNotice];
    const mailsBefore = s.mailer.sent.filter((m) => m.to === "cliente@demo.argine.it").length;
    const path = `/services/takedown/${serviceId}/notices/${first.noticeId}`;

    const out = await call<TakedownNotice>(tokens.lawyer, path, "PATCH", {
      sentVia: "Modulo DSA di Instagram",
      answer: null,
      note: "rif. 123",
    });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({
      status: "SENT",
      sentVia: "Modulo DSA di Instagram",
      staffNote: "rif. 123",
    });
    expect(out.body.sentAt).not.toBeNull();

    const removed = await call<TakedownNotice>(tokens.lawyer, path, "PATCH", {
      sentVia: "Modulo DSA di Instagram",
      answer: "REMOVED",
      note: "rif. 123",
    });
    expect(removed.body).toMatchObject({ status: "REMOVED", sentAt: out.body.sentAt });
    expect(removed.body.answeredAt).not.toBeNull();
    const last = await s.mailer.lastTo("cliente@demo.argine.it");
    expect(last?.subject).toBe("C'è un aggiornamento sulla tua pratica");
    expect(s.mailer.sent.filter((m) => m.to === "cliente@demo.argine.it").length).toBe(mailsBefore + 1);

    // The client sees each URL's state, never the team's notes.
    const read = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/notices`);
    expect(read.body.notices.map((x) => [x.status, x.sentVia, x.staffNote])).toEqual([
      ["REMOVED", null, null],
      [second.status, null, null],
    ]);
    expect(
      (await call(tokens.client, path, "PATCH", { sentVia: "x", answer: "REMOVED", note: null })).status,
    ).toBe(403);
    const audit = await s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, serviceId), eq(auditLog.action, "takedown.record")));
    expect(audit.map((line) => line.meta)).toEqual([
      { noticeId: first.noticeId, from: "PENDING", to: "SENT" },
      { noticeId: first.noticeId, from: "SENT", to: "REMOVED" },
    ]);
  });

  it("records when staff say the notice was sent, shows it to the client, refuses the future", async () => {
    const { serviceId } = await buyTakedown();
    const sent = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/urls`, "PATCH", {
      urls: URLS.slice(0, 1),
    });
    const noticeId = sent.body.notices[0]?.noticeId as string;
    // The link came in three days ago; staff sent the notice two days ago and record it only now.
    const day = 86_400_000;
    await s.handle.db
      .update(takedownNotices)
      .set({ createdAt: new Date(Date.now() - 3 * day) })
      .where(eq(takedownNotices.id, noticeId));
    const path = `/services/takedown/${serviceId}/notices/${noticeId}`;
    const twoDaysAgo = new Date(Date.now() - 2 * day).toISOString();
    const out = await call<TakedownNotice>(tokens.lawyer, path, "PATCH", {
      sentVia: "Modulo DSA di Instagram",
      sentAt: twoDaysAgo,
      answer: null,
      note: null,
    });
    expect(out).toMatchObject({ status: 200, body: { status: "SENT", sentAt: twoDaysAgo } });
    const read = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/notices`);
    expect(read.body.notices[0]?.sentAt).toBe(twoDaysAgo);

    // Recording the answer later keeps it; a corrected moment replaces it, with its audit line.
    const answered = await call<TakedownNotice>(tokens.lawyer, path, "PATCH", {
      sentVia: "Modulo DSA di Instagram",
      answer: "REMOVED",
      note: null,
    });
    expect(answered.body).toMatchObject({ status: "REMOVED", sentAt: twoDaysAgo });
    const corrected = new Date(Date.now() - day).toISOString();
    const fixed = await call<TakedownNotice>(tokens.lawyer, path, "PATCH", {
      sentVia: "Modulo DSA di Instagram",
      sentAt: corrected,
      answer: "REMOVED",
      note: null,
    });
    expect(fixed.body).toMatchObject({ status: "REMOVED", sentAt: corrected });
    const audit = await s.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resourceId, serviceId), eq(auditLog.action, "takedown.record")));
    expect(audit.map((line) => (line.meta as { sentAt?: string }).sentAt)).toEqual([
      twoDaysAgo,
      undefined,
      corrected,
    ]);

    const future = await call<{ message: string; details: { issues: { path: string[] }[] } }>(
      tokens.lawyer,
      path,
      "PATCH",
      {
        sentVia: "Modulo DSA di Instagram",
        sentAt: new Date(Date.now() + day).toISOString(),
        answer: "REMOVED",
        note: null,
      },
    );
    expect(future).toMatchObject({ status: 400, body: { message: TAKEDOWN_RECORD_ERRORS.sentAtFuture } });
    expect(future.body.details.issues[0]?.path).toEqual(["sentAt"]);
    const before = await call<{ message: string }>(tokens.lawyer, path, "PATCH", {
      sentVia: "Modulo DSA di Instagram",
      sentAt: new Date(Date.now() - 4 * day).toISOString(),
      answer: "REMOVED",
      note: null,
    });
    expect(before).toMatchObject({ status: 400, body: { message: TAKEDOWN_RECORD_ERRORS.sentAtBeforeLink } });
    const garbled = await call<{ message: string }>(tokens.lawyer, path, "PATCH", {
      sentVia: "Modulo DSA di Instagram",
      sentAt: "ieri",
      answer: "REMOVED",
      note: null,
    });
    expect(garbled).toMatchObject({ status: 400, body: { message: MESSAGES.invalidDate } });
    const kept = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/notices`);
    expect(kept.body.notices[0]?.sentAt).toBe(corrected);
  });

  it("refuses a record without where the notice went, in Italian", async () => {
    const { serviceId } = await buyTakedown();
    const sent = await call<TakedownNotices>(tokens.client, `/services/takedown/${serviceId}/urls`, "PATCH", {
      urls: URLS.slice(0, 1),
    });
    const res = await call<{ message: string }>(
      tokens.lawyer,
      `/services/takedown/${serviceId}/notices/${sent.body.notices[0]?.noticeId}`,
      "PATCH",
      { sentVia: " ", answer: null, note: null },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("Indica dove hai inviato la segnalazione");
  });
});
