import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../client.ts";
import { ideaSubmissions, newsletterSubscriptions, partnershipRequests } from "../schema/outreach.ts";
import { openTestDb, testDbKinds } from "../testing.ts";
import {
  confirmNewsletterSubscription,
  createIdeaSubmission,
  createPartnershipRequest,
  listIdeaSubmissions,
  listNewsletterSubscriptions,
  listPartnershipRequests,
  requestNewsletterSubscription,
} from "./outreach.ts";

const HOUR = 3600 * 1000;
const later = (ms = 48 * HOUR) => new Date(Date.now() + ms);

describe.each(testDbKinds())("outreach on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
  });
  afterAll(() => handle.close());

  /**
   * Two rows written back to back can share their created_at (PGlite's clock ticks in milliseconds), and then
   * "newest first" is a tie: the first row is moved a minute back, as it would be in real use.
   */
  const aMinuteEarlier = (table: typeof partnershipRequests | typeof ideaSubmissions, id: string) =>
    handle.db
      .update(table)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(table.id, id));

  const rowOf = async (email: string) =>
    (
      await handle.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email))
    )[0];

  describe("newsletter", () => {
    it("creates a PENDING subscription, renews its link while pending, then confirms it once", async () => {
      const db = handle.db;
      expect(
        await requestNewsletterSubscription(db, {
          email: "Anna@Example.it",
          tokenHash: "h1",
          expiresAt: later(),
        }),
      ).toBe("created");
      expect(await rowOf("anna@example.it")).toMatchObject({
        status: "PENDING",
        confirmTokenHash: "h1",
        confirmedAt: null,
      });
      // Same address in another case: the same row, with a new link; the old one stops working.
      expect(
        await requestNewsletterSubscription(db, {
          email: " ANNA@example.IT ",
          tokenHash: "h2",
          expiresAt: later(),
        }),
      ).toBe("renewed");
      expect(await confirmNewsletterSubscription(db, "h1")).toBeUndefined();

      const confirmed = await confirmNewsletterSubscription(db, "h2");
      expect(confirmed).toMatchObject({
        email: "anna@example.it",
        status: "CONFIRMED",
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
      });
      expect(confirmed?.confirmedAt).toBeInstanceOf(Date);
      // A link works once.
      expect(await confirmNewsletterSubscription(db, "h2")).toBeUndefined();
      // A confirmed address stays as it is: no new token.
      expect(
        await requestNewsletterSubscription(db, {
          email: "anna@example.it",
          tokenHash: "h3",
          expiresAt: later(),
        }),
      ).toBe("confirmed");
      expect(await rowOf("anna@example.it")).toMatchObject({ status: "CONFIRMED", confirmTokenHash: null });
      expect(await confirmNewsletterSubscription(db, "h3")).toBeUndefined();
    });

    it("refuses an expired link", async () => {
      const db = handle.db;
      await requestNewsletterSubscription(db, {
        email: "scaduto@example.it",
        tokenHash: "old",
        expiresAt: later(-1),
      });
      expect(await confirmNewsletterSubscription(db, "old")).toBeUndefined();
      expect((await rowOf("scaduto@example.it"))?.status).toBe("PENDING");
      // Signing up again gives a working link.
      await requestNewsletterSubscription(db, {
        email: "scaduto@example.it",
        tokenHash: "new",
        expiresAt: later(),
      });
      expect((await confirmNewsletterSubscription(db, "new"))?.status).toBe("CONFIRMED");
    });

    it("keeps one row per address whatever its case, even when the database is asked directly", async () => {
      await expect(
        handle.db.insert(newsletterSubscriptions).values({ email: "ANNA@EXAMPLE.IT" }),
      ).rejects.toThrow();
    });
  });

  describe("partnership requests and ideas", () => {
    it("stores them with a lower-cased address and lists them newest first, paged", async () => {
      const db = handle.db;
      const first = await createPartnershipRequest(db, {
        name: "Maria Rossi",
        email: "Maria@Studio.it",
        organization: null,
        kind: "LAWYER",
        message: "Vorrei collaborare con voi sui casi di diffamazione.",
      });
      expect(first).toMatchObject({ email: "maria@studio.it", organization: null, kind: "LAWYER" });
      await aMinuteEarlier(partnershipRequests, first.id);
      const second = await createPartnershipRequest(db, {
        name: "Associazione Aiuto",
        email: "info@aiuto.org",
        organization: "Aiuto APS",
        kind: "ASSOCIATION",
        message: "Sportello di ascolto per le vittime di cyberbullismo.",
      });
      const all = await listPartnershipRequests(db, { limit: 10, offset: 0 });
      expect(all.total).toBe(2);
      expect(all.data.map((r) => r.id)).toEqual([second.id, first.id]);
      const secondPage = await listPartnershipRequests(db, { limit: 1, offset: 1 });
      expect(secondPage).toMatchObject({ total: 2, data: [{ id: first.id }] });

      await expect(
        createPartnershipRequest(db, { ...first, kind: "SPY" } as unknown as Parameters<
          typeof createPartnershipRequest
        >[1]),
      ).rejects.toThrow();
    });

    it("stores ideas and lists them newest first", async () => {
      const db = handle.db;
      const a = await createIdeaSubmission(db, {
        name: "Luca",
        email: "luca@example.it",
        title: "Prima idea",
        description: "Una descrizione abbastanza lunga da essere accettata.",
      });
      await aMinuteEarlier(ideaSubmissions, a.id);
      const b = await createIdeaSubmission(db, {
        name: "Sara",
        email: "SARA@example.it",
        title: "Seconda idea",
        description: "Un'altra descrizione\ncon un a capo che resta com'è.",
      });
      const { total, data } = await listIdeaSubmissions(db, { limit: 10, offset: 0 });
      expect(total).toBe(2);
      expect(data.map((i) => i.id)).toEqual([b.id, a.id]);
      expect(data[0]).toMatchObject({ email: "sara@example.it", description: b.description });
    });

    it("lists newsletter subscriptions newest first with their state", async () => {
      const { total, data } = await listNewsletterSubscriptions(handle.db, { limit: 10, offset: 0 });
      expect(total).toBe(2);
      expect(data.map((s) => [s.email, s.status])).toEqual([
        ["scaduto@example.it", "CONFIRMED"],
        ["anna@example.it", "CONFIRMED"],
      ]);
    });
  });
});
