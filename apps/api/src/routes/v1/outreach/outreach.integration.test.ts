import { Writable } from "node:stream";
import type {
  AdminIdeaList,
  AdminNewsletterSubscriptionList,
  AdminPartnershipRequestList,
} from "@argine/core/outreach/outreach-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { auditLog, ideaSubmissions, newsletterSubscriptions, partnershipRequests } from "@argine/db/schema";
import { openTestDb, testDbKinds } from "@argine/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../../../test/helpers.ts";
import {
  demoTokens,
  type IdentityServer,
  MemoryMailer,
  randomIp,
  startIdentityServer,
} from "../../../../test/identity.ts";
import { buildApp } from "../../../app.ts";
import { loggerOptions } from "../../../http/logging.ts";
import { maxOf } from "../../../rate-limits/route-limits.ts";

interface ErrorBody {
  code: string;
  message: string;
  details?: { issues: { path: string[]; message: string }[] };
}

const PARTNERSHIP = {
  name: "Maria D'Amico",
  email: "Maria@StudioDamico.it",
  organization: "Studio Legale D'Amico",
  kind: "LAW_FIRM",
  message: "Vorremmo offrire consulenze gratuite alle vittime di diffamazione online.",
  privacyAccepted: true,
};

const IDEA = {
  name: "Luca Bianchi",
  email: "luca@example.it",
  title: "Un corso per le scuole",
  description: "Tre incontri nelle scuole medie per spiegare come difendersi dal cyberbullismo.\nCon esempi.",
  privacyAccepted: true,
};

describe.each(testDbKinds())("outreach on %s", (kind) => {
  let s: IdentityServer;
  let admin = "";
  let lawyer = "";
  let client = "";

  beforeAll(async () => {
    s = await startIdentityServer(kind);
    ({ admin, lawyer, client } = await demoTokens(s));
  });
  afterAll(() => s.close());

  async function call<T>(path: string, { method = "GET", body, token, ip = randomIp() }: CallOptions = {}) {
    const res = await fetch(`${s.base}/v1${path}`, {
      method,
      headers: {
        "x-forwarded-for": ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }
  const post = <T = ErrorBody>(path: string, body: unknown, ip?: string) =>
    call<T>(path, { method: "POST", body, ip });
  const issuesOf = (body: ErrorBody) =>
    Object.fromEntries((body.details?.issues ?? []).map((i) => [i.path.join("."), i.message]));
  const mailsTo = async (to: string) => {
    await s.mailer.lastTo(to);
    return s.mailer.sent.filter((m) => m.to === to);
  };
  /** The link of the last mail to an address, as the recipient would click it. */
  const mailedLink = async (to: string) => {
    const url = (await s.mailer.lastTo(to))?.text.match(/https?:\/\/\S+/)?.[0];
    if (!url) throw new Error(`no link mailed to ${to}`);
    return new URL(url);
  };

  describe("validation", () => {
    it("answers 400 with the spec's Italian messages on every field", async () => {
      const empty = await post("/newsletter", {});
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe("BAD_REQUEST");
      expect(issuesOf(empty.body)).toEqual({
        email: MESSAGES.required,
        privacyAccepted: "Devi accettare l'informativa sulla privacy.",
      });
      const bad = await post("/newsletter", { email: "non-una-email", privacyAccepted: true });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("Non è una email valida!");

      const partnership = await post("/partnerships", {
        name: "",
        email: "",
        kind: "",
        message: "",
        privacyAccepted: false,
      });
      expect(partnership.status).toBe(400);
      expect(partnership.body.message).toBe("Campo Obbligatorio");
      expect(issuesOf(partnership.body)).toEqual({
        name: "Campo Obbligatorio",
        email: "Campo Obbligatorio",
        kind: "Campo Obbligatorio",
        message: "Campo Obbligatorio",
        privacyAccepted: "Devi accettare l'informativa sulla privacy.",
      });
      const special = await post("/partnerships", { ...PARTNERSHIP, name: "Maria <b>", message: "Breve." });
      expect(issuesOf(special.body)).toEqual({
        name: "Non sono ammessi caratteri speciali.",
        message: "Scrivi almeno 20 caratteri.",
      });

      const idea = await post("/ideas", { ...IDEA, title: "t".repeat(121), description: "Troppo breve." });
      expect(idea.status).toBe(400);
      expect(issuesOf(idea.body)).toEqual({
        title: "Puoi scrivere al massimo 120 caratteri.",
        description: "Scrivi almeno 30 caratteri.",
      });
      const noPrivacy = await post("/ideas", { ...IDEA, privacyAccepted: false });
      expect(noPrivacy.body.message).toBe("Devi accettare l'informativa sulla privacy.");

      const noToken = await post("/newsletter/confirm", { token: "" });
      expect(noToken.status).toBe(400);
      expect(noToken.body.message).toBe(MESSAGES.required);
      // Nothing invalid was stored.
      expect(await s.handle.db.select().from(partnershipRequests)).toEqual([]);
      expect(await s.handle.db.select().from(ideaSubmissions)).toEqual([]);
    });
  });

  describe("partnership requests and ideas", () => {
    it("stores a partnership request (201) with the address lower-cased", async () => {
      const res = await post<{ message: string }>("/partnerships", PARTNERSHIP);
      expect(res).toEqual({ status: 201, body: { message: MESSAGES.partnershipReceived } });
      const rows = await s.handle.db.select().from(partnershipRequests);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: PARTNERSHIP.name,
        email: "maria@studiodamico.it",
        organization: PARTNERSHIP.organization,
        kind: "LAW_FIRM",
        message: PARTNERSHIP.message,
      });
      // The organization is optional: an empty one is stored as none.
      await post("/partnerships", { ...PARTNERSHIP, organization: " ", kind: "LAWYER" });
      const [latest] = await s.handle.db
        .select()
        .from(partnershipRequests)
        .where(eq(partnershipRequests.kind, "LAWYER"));
      expect(latest?.organization).toBeNull();
    });

    it("stores an idea (201), keeping its line breaks", async () => {
      const res = await post<{ message: string }>("/ideas", IDEA);
      expect(res).toEqual({ status: 201, body: { message: MESSAGES.ideaReceived } });
      const [row] = await s.handle.db.select().from(ideaSubmissions);
      expect(row).toMatchObject({ name: IDEA.name, title: IDEA.title, description: IDEA.description });
    });

    it("limits each address to 5 submissions a minute", async () => {
      const ip = randomIp();
      const max = maxOf("POST /v1/ideas", "address");
      for (let i = 0; i < max; i++) expect((await post("/ideas", {}, ip)).status).toBe(400);
      const limited = await post("/ideas", IDEA, ip);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe("TOO_MANY_REQUESTS");
    });
  });

  describe("newsletter", () => {
    it("double opt-in: signs up, mails the link, confirms with it once", async () => {
      const email = "giulia@example.it";
      const res = await post<{ message: string }>("/newsletter", {
        email: " Giulia@Example.it ",
        privacyAccepted: true,
      });
      expect(res).toEqual({ status: 202, body: { message: MESSAGES.newsletterRequested } });
      const [pending] = await s.handle.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email));
      expect(pending).toMatchObject({ status: "PENDING", confirmedAt: null });

      const mail = await s.mailer.lastTo(email);
      expect(mail?.subject).toBe("Conferma la tua iscrizione alla newsletter");
      expect(mail?.text).toContain("Il link vale 48 ore");
      const link = await mailedLink(email);
      expect(`${link.origin}${link.pathname}`).toBe(`${s.base}/newsletter/confirm`);
      const token = link.searchParams.get("token") ?? "";
      expect(token).toMatch(/^[\w-]{43}$/);
      // Only the token's hash is stored.
      expect(pending?.confirmTokenHash).not.toContain(token);
      expect(JSON.stringify(pending)).not.toContain(token);

      const confirmed = await post<{ message: string }>("/newsletter/confirm", { token });
      expect(confirmed).toEqual({ status: 200, body: { message: MESSAGES.newsletterConfirmed } });
      const [row] = await s.handle.db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email));
      expect(row).toMatchObject({ status: "CONFIRMED", confirmTokenHash: null, confirmTokenExpiresAt: null });
      expect(row?.confirmedAt).toBeInstanceOf(Date);

      const again = await post("/newsletter/confirm", { token });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: "INVALID_TOKEN", message: MESSAGES.newsletterInvalidLink });
    });

    it("answers the same for a new, a pending and a confirmed address; only the first two get a mail", async () => {
      const fresh = "nuova@example.it";
      const answers = [];
      answers.push(await post("/newsletter", { email: fresh, privacyAccepted: true }));
      expect(await mailsTo(fresh)).toHaveLength(1);
      const firstLink = await mailedLink(fresh);

      // Still pending: a new link, and the previous one stops working.
      answers.push(await post("/newsletter", { email: fresh, privacyAccepted: true }));
      expect(await mailsTo(fresh)).toHaveLength(2);
      expect((await post("/newsletter/confirm", { token: firstLink.searchParams.get("token") })).status).toBe(
        400,
      );
      expect(
        (await post("/newsletter/confirm", { token: (await mailedLink(fresh)).searchParams.get("token") }))
          .status,
      ).toBe(200);

      // Confirmed: the same answer, and nothing is sent, whatever the case of the address.
      answers.push(await post("/newsletter", { email: fresh, privacyAccepted: true }));
      answers.push(await post("/newsletter", { email: "NUOVA@example.it", privacyAccepted: true }));
      await s.mailer.lastTo(fresh);
      expect(s.mailer.sent.filter((m) => m.to.toLowerCase() === fresh)).toHaveLength(2);
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]).toEqual({ status: 202, body: { message: MESSAGES.newsletterRequested } });
      const rows = await s.handle.db
        .select()
        .from(newsletterSubscriptions)
        .where(sql`lower(${newsletterSubscriptions.email}) = ${fresh}`);
      expect(rows).toHaveLength(1);
    });

    it("refuses an expired or unknown link with a clear Italian message", async () => {
      const email = "scaduta@example.it";
      await post("/newsletter", { email, privacyAccepted: true });
      await s.handle.db
        .update(newsletterSubscriptions)
        .set({ confirmTokenExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(newsletterSubscriptions.email, email));
      const expired = await post("/newsletter/confirm", {
        token: (await mailedLink(email)).searchParams.get("token"),
      });
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({
        code: "INVALID_TOKEN",
        message:
          "Il link di conferma non è valido, è scaduto o è già stato usato. Per ricevere un nuovo link iscriviti di nuovo.",
      });
      const unknown = await post("/newsletter/confirm", { token: "a".repeat(43) });
      expect(unknown.body.code).toBe("INVALID_TOKEN");
    });
  });

  describe("admin lists", () => {
    it("refuses anonymous callers (401), clients and lawyers (403)", async () => {
      for (const path of ["/admin/newsletter-subscriptions", "/admin/partnership-requests", "/admin/ideas"]) {
        expect((await call(path)).status).toBe(401);
        for (const token of [client, lawyer]) {
          const res = await call<ErrorBody>(path, { token });
          expect(res.status).toBe(403);
          expect(res.body.message).toBe(MESSAGES.forbidden);
        }
      }
    });

    it("lists newsletter subscribers newest first, with their state, paged", async () => {
      const res = await call<AdminNewsletterSubscriptionList>("/admin/newsletter-subscriptions", {
        token: admin,
      });
      expect(res.status).toBe(200);
      const emails = res.body.data.map((d) => d.email);
      expect(emails).toEqual(["scaduta@example.it", "nuova@example.it", "giulia@example.it"]);
      expect(res.body.total).toBe(3);
      expect(res.body.data[0]).toMatchObject({ status: "PENDING", confirmedAt: null });
      expect(res.body.data[1]).toMatchObject({ status: "CONFIRMED" });
      expect(Object.keys(res.body.data[0] ?? {}).sort()).toEqual(
        ["confirmedAt", "createdAt", "email", "id", "status"].sort(),
      );
      const second = await call<AdminNewsletterSubscriptionList>(
        "/admin/newsletter-subscriptions?page=2&pageSize=2",
        { token: admin },
      );
      expect(second.body).toMatchObject({ total: 3, data: [{ email: "giulia@example.it" }] });
      // Reading people's addresses leaves a trace naming the rows, not their content.
      const audits = await s.handle.db.select().from(auditLog).where(eq(auditLog.action, "newsletter.list"));
      expect(audits.length).toBeGreaterThanOrEqual(2);
      expect(audits[0]?.resourceId).toContain(res.body.data[0]?.id);
      expect(JSON.stringify(audits)).not.toContain("@example.it");
    });

    it("lists partnership requests and ideas newest first, whole texts included", async () => {
      const partnerships = await call<AdminPartnershipRequestList>("/admin/partnership-requests", {
        token: admin,
      });
      expect(partnerships.status).toBe(200);
      expect(partnerships.body.total).toBe(2);
      expect(partnerships.body.data.map((p) => [p.kind, p.organization])).toEqual([
        ["LAWYER", null],
        ["LAW_FIRM", PARTNERSHIP.organization],
      ]);
      expect(partnerships.body.data[1]).toMatchObject({
        name: PARTNERSHIP.name,
        email: "maria@studiodamico.it",
        message: PARTNERSHIP.message,
      });

      const ideas = await call<AdminIdeaList>("/admin/ideas", { token: admin });
      expect(ideas.status).toBe(200);
      expect(ideas.body).toMatchObject({
        total: 1,
        data: [{ title: IDEA.title, description: IDEA.description }],
      });
      expect((await call<ErrorBody>("/admin/ideas?pageSize=500", { token: admin })).status).toBe(400);
    });
  });
});

interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  ip?: string;
}

describe("outreach logs", () => {
  it("never writes an address, a name or a message to the log", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const handle = await openTestDb("pglite");
    const options = loggerOptions("trace") as Record<string, unknown>;
    const app = await buildApp({
      config: testConfig(),
      handle,
      adapters: { mailer: new MemoryMailer() },
      logger: { ...options, stream },
    });
    try {
      const inject = (url: string, payload: object) => app.inject({ method: "POST", url, payload });
      expect(
        (await inject("/v1/newsletter", { email: "segreta@example.it", privacyAccepted: true })).statusCode,
      ).toBe(202);
      expect(
        (await inject("/v1/partnerships", { ...PARTNERSHIP, email: "segreta@example.it" })).statusCode,
      ).toBe(201);
      expect((await inject("/v1/ideas", IDEA)).statusCode).toBe(201);
      expect((await inject("/v1/ideas", { ...IDEA, description: "Solo questo." })).statusCode).toBe(400);
      const out = lines.join("\n");
      expect(out).toContain("/v1/partnerships");
      for (const secret of ["segreta", "D'Amico", "consulenze", "Luca", "cyberbullismo", "Solo questo"])
        expect(out).not.toContain(secret);
    } finally {
      await app.close();
      await handle.close();
    }
  });
});
