import { AnswersSchema } from "@argine/core/feedback/answers";
import { romeCalendarDay } from "@argine/core/feedback/calendar";
import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { initialServiceFlags } from "@argine/core/practices/available-services";
import type { Db } from "./client.ts";
import { addComment } from "./queries/comments.ts";
import { createUser, findUserByEmail, grantRole } from "./queries/users.ts";
import {
  billingProfiles,
  campaigns,
  comments,
  giftCards,
  practices,
  products,
  services,
  vouchers,
} from "./schema/index.ts";

/** Fixed, documented demo credentials (README). Demo mode only. */
export const DEMO_PASSWORD = "Demo!Argine2026";
export const DEMO_ACCOUNTS = [
  { email: "cliente@demo.argine.it", name: "Giulia", lastname: "Esposito", roles: [] },
  { email: "avvocato@demo.argine.it", name: "Marco", lastname: "Rinaldi", roles: ["lawyer"] },
  { email: "admin@demo.argine.it", name: "Chiara", lastname: "Conti", roles: ["admin"] },
] as const;

/** The shop's demo codes, printed at start (main.ts) beside the demo accounts. */
export const DEMO_SHOP = {
  voucher: "ARGINE10",
  campaign: "SCUDO-DIGITALE",
  promo: "DIFESA150",
  giftCard: "DEMO-GIFT-CARD-250",
} as const;

// Prices in cents, VAT (22%) included.
const CATALOGUE = [
  {
    code: "FEEDBACK",
    name: "Feedback",
    description:
      "Prima valutazione gratuita del tuo caso: c'è un reato, è ancora perseguibile, cosa fare e entro quando.",
    priceCents: 0,
    discountedPriceCents: 0,
  },
  {
    code: "LEGALIZATION",
    name: "Legalizzazione",
    description: "Acquisizione forense della pagina offensiva in un ambiente isolato, con valore di prova.",
    priceCents: 14900,
    discountedPriceCents: 14900,
  },
  {
    code: "TAKEDOWN",
    name: "Takedown",
    description: "Richiesta di rimozione fino a tre link ai gestori delle piattaforme.",
    priceCents: 9900,
    discountedPriceCents: 9900,
  },
  {
    code: "INJUCTION",
    name: "Diffida",
    description: "Diffida formale scritta da un avvocato a chi ti offende o ti minaccia.",
    priceCents: 19900,
    discountedPriceCents: 19900,
  },
  {
    code: "ADVICE",
    name: "Consulenza",
    description: "Consulenza digitale con un avvocato sul tuo caso.",
    priceCents: 7900,
    discountedPriceCents: 7900,
  },
  {
    code: "DEFENCE",
    name: "Difesa Legale",
    description: "Assistenza di un avvocato per querela, costituzione di parte civile e difesa in giudizio.",
    priceCents: 49000,
    discountedPriceCents: 49000,
  },
  {
    code: "PACKAGE",
    name: "Pacchetto Legalizzazione, Takedown e Diffida",
    description: "I tre servizi insieme, a un prezzo ridotto.",
    priceCents: 44700,
    discountedPriceCents: 37900,
  },
] as const;

const YEAR_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export interface SeedOptions {
  hashPassword(password: string): Promise<string>;
  now?: Date;
}

/** Demo data, idempotent: every row is keyed by a natural key and only inserted when missing. */
export async function seedDemo(db: Db, { hashPassword, now = new Date() }: SeedOptions): Promise<void> {
  if (process.env.NODE_ENV === "production") {
    throw new Error("Refusing to seed demo data with NODE_ENV=production.");
  }

  await db
    .insert(products)
    .values(CATALOGUE.map((p, i) => ({ ...p, vatRate: 22, sortOrder: (i + 1) * 10 })))
    .onConflictDoNothing();

  await db
    .insert(campaigns)
    .values({
      code: DEMO_SHOP.campaign,
      name: "Scudo Digitale",
      sponsor: "Fondazione Esempio (sponsor di esempio)",
      coveragePercent: 50,
      maxAmountCents: 15000,
      // The sponsor's budget: each paid order takes its share, and a spent budget ends the campaign.
      budgetCents: 300000,
      productCodes: ["DEFENCE", "ADVICE"],
      sortOrder: 10,
      endsAt: new Date(now.getTime() + YEAR_MS),
    })
    .onConflictDoNothing();

  await db
    .insert(vouchers)
    .values([
      { code: "BENVENUTO10", discountAmount: 10, expiresAt: new Date(now.getTime() + YEAR_MS) },
      { code: "ARGINE", discountAmount: null },
      { code: DEMO_SHOP.voucher, discountAmount: 10, expiresAt: new Date(now.getTime() + YEAR_MS) },
    ])
    .onConflictDoNothing();

  await db
    .insert(giftCards)
    .values([
      // The promo's template: each account requesting DIFESA150 gets its own card copied from it.
      {
        code: "DIFESA-PROMO-150",
        promo: DEMO_SHOP.promo,
        amountCents: 15000,
        balanceCents: 15000,
        productCodes: ["DEFENCE"],
        expiresAt: new Date(now.getTime() + YEAR_MS),
      },
      // An admin-issued card worth more than the formal notice (199 €), for any service.
      {
        code: DEMO_SHOP.giftCard,
        amountCents: 25000,
        balanceCents: 25000,
        expiresAt: new Date(now.getTime() + YEAR_MS),
      },
    ])
    .onConflictDoNothing();

  // Through the users' query layer, like a registration; a second run finds the accounts it made.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) {
    const account = {
      ...a,
      passwordHash,
      privacyConsent: true,
      marketingConsent: false,
      emailVerifiedAt: now,
    };
    const user = (await createUser(db, account)) ?? (await findUserByEmail(db, a.email));
    if (!user) throw new Error(`demo account ${a.email} missing`);
    ids.set(a.email, user.id);
    for (const role of a.roles) await grantRole(db, user.id, role);
  }
  const idOf = (email: string) => ids.get(email) as string;

  const client = idOf("cliente@demo.argine.it");
  const lawyer = idOf("avvocato@demo.argine.it");
  await db
    .insert(billingProfiles)
    .values({
      userId: client,
      taxCode: "RSSMRA85T10A562S",
      address: "Via dei Mille 10 (esempio)",
      cap: "00185",
      city: "Roma",
      province: "RM",
      country: "IT",
    })
    .onConflictDoNothing();

  // The demo cases carry real questionnaire answers and the engine's feedback on them, so their feedback
  // link, PDF and questions work like those of a practice opened by the questionnaire.
  const today = romeCalendarDay(now);
  const daysAgo = (n: number) => romeCalendarDay(new Date(now.getTime() - n * DAY_MS));
  const questionnaire = (answers: Record<string, unknown>) => {
    const parsed = AnswersSchema.parse(answers);
    const feedback = evaluateFeedback(parsed, today);
    return {
      answers: parsed,
      feedback,
      humanReview: feedback.humanReview,
      ...initialServiceFlags(feedback.humanReview),
    };
  };

  const [stalking] = await db
    .insert(practices)
    .values({
      ticketCode: "AR-DEMO0001",
      ownerId: client,
      status: "OPEN",
      evaluation: "VALID",
      crimeType: "STALKING",
      expiryDate: new Date(now.getTime() + 60 * DAY_MS),
      platform: "Instagram",
      crimeUrl: "https://www.instagram.com/esempio.profilo.molesto/",
      tags: ["messaggi ripetuti", "profilo falso"],
      shitstorm: "NOT",
      psychologicalSupport: "NEEDED",
      ...questionnaire({
        category: "STALKING",
        firstEventDate: daysAgo(90),
        lastEventDate: daysAgo(10),
        platform: "Instagram",
      }),
    })
    .onConflictDoNothing()
    .returning({ id: practices.id });
  if (stalking) {
    await db.insert(services).values([
      {
        practiceId: stalking.id,
        serviceType: "TAKEDOWN",
        status: "IN_PROGRESS",
        takedownUrls: ["https://www.instagram.com/esempio.profilo.molesto/"],
      },
      { practiceId: stalking.id, serviceType: "LEGALIZATION", status: "TO_START" },
    ]);
    await db.insert(comments).values({
      practiceId: stalking.id,
      authorId: lawyer,
      body: "Abbiamo inviato la richiesta di rimozione alla piattaforma. Ti aggiorniamo appena risponde.",
    });
  }

  const added = await db
    .insert(practices)
    .values([
      {
        ticketCode: "AR-DEMO0002",
        ownerId: client,
        status: "TO_PAID",
        evaluation: "WITHRESERVE",
        crimeType: "DEFAMATION",
        expiryDate: new Date(now.getTime() + 45 * DAY_MS),
        platform: "Facebook",
        crimeUrl: "https://www.facebook.com/esempio.post.diffamatorio",
        shitstorm: "YES",
        ...questionnaire({
          category: "DEFAMATION",
          firstEventDate: daysAgo(20),
          lastEventDate: daysAgo(20),
          platform: "Facebook",
        }),
      },
      {
        ticketCode: "AR-DEMO0003",
        ownerId: null,
        status: "PENDING",
        evaluation: "VALID",
        crimeType: "REVENGEPORN",
        anonymous: true,
        ...questionnaire({ category: "REVENGEPORN", firstEventDate: daysAgo(5), lastEventDate: daysAgo(5) }),
      },
      // The client asked to stay anonymous: lawyers work it without seeing who she is.
      {
        ticketCode: "AR-DEMO0004",
        ownerId: client,
        status: "OPEN",
        evaluation: "VALID",
        crimeType: "DEFAMATION",
        expiryDate: new Date(now.getTime() + 80 * DAY_MS),
        platform: "TikTok",
        anonymous: true,
        psychologicalSupport: "NEEDED",
        ...questionnaire({
          category: "DEFAMATION",
          firstEventDate: daysAgo(30),
          lastEventDate: daysAgo(12),
          platform: "TikTok",
        }),
      },
      // Issue 12: a minor's intimate images, sent through the questionnaire yesterday and not yet claimed; the
      // demo lawyer has taken it in charge ("mie"). Its page says why a person looks first and points to the
      // Polizia Postale, the Garante and Take It Down: nobody is ever offered a capture or a takedown of it.
      // A new questionnaire like it is "Da esaminare subito", first in the lawyer's queue, until someone takes it.
      {
        ticketCode: "AR-DEMO0005",
        ownerId: null,
        assignedLawyerId: lawyer,
        assignedAt: new Date(now.getTime() - 2 * 3600 * 1000),
        status: "PENDING",
        evaluation: "VALID",
        crimeType: "REVENGEPORN",
        platform: "Telegram",
        createdAt: new Date(now.getTime() - DAY_MS),
        ...questionnaire({
          category: "REVENGEPORN",
          victimIsMinor: true,
          victimAge14Plus: true,
          sexuallyExplicit: true,
          meantPrivate: true,
          consentToShare: false,
          firstEventDate: daysAgo(3),
          lastEventDate: daysAgo(2),
          platform: "Telegram",
        }),
      },
    ])
    .onConflictDoNothing()
    .returning({ id: practices.id, ticketCode: practices.ticketCode });
  // The anonymous client wrote last: her case waits for an answer in the lawyer's queue.
  const anonymous = added.find((p) => p.ticketCode === "AR-DEMO0004");
  if (anonymous) {
    await addComment(db, {
      practiceId: anonymous.id,
      authorId: client,
      body: "Ho trovato un altro video che parla di me: posso aggiungere il link qui?",
    });
  }
}
