import { AnswersSchema } from "@argine/core/feedback/answers";
import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { SANDBOX_CAPTURE_PROVIDER } from "@argine/core/legalization/session-state";
import { initialServiceFlags } from "@argine/core/practices/available-services";
import { DEFENCE_MANDATE_VERSION, DEFENCE_SCOPE } from "@argine/core/services/mandate";
import type { ServiceStatus } from "@argine/core/services/service-messages";
import type { ServiceType } from "@argine/core/services/service-type";
import type { FileSide } from "@argine/core/services/services-api";
import { romeCalendarDay } from "@argine/core/shared/calendar";
import { platformOf } from "@argine/core/takedown/platforms";
import { and, eq } from "drizzle-orm";
import type { Db } from "./client.ts";
import { addComment, markCommentsRead } from "./queries/comments.ts";
import { insertConfirmedSecondFactor } from "./queries/second-factor.ts";
import { addSupportMessage, listSupportMessages, openThread } from "./queries/support.ts";
import { createUser, findUserByEmail, grantRole } from "./queries/users.ts";
import {
  billingProfiles,
  campaigns,
  giftCards,
  legalizationSessions,
  orderLines,
  orders,
  practices,
  products,
  sandboxCaptureSessions,
  services,
  takedownNotices,
  uploadedFiles,
  vouchers,
} from "./schema/index.ts";
import { seedDemoConsultations } from "./seed-consultation.ts";

/** Fixed, documented demo credentials (README). Demo mode only. */
export const DEMO_PASSWORD = "Demo!Argine2026";
export const DEMO_ACCOUNTS = [
  { email: "cliente@demo.argine.it", name: "Giulia", lastname: "Esposito", roles: [] },
  { email: "avvocato@demo.argine.it", name: "Marco", lastname: "Rinaldi", roles: ["lawyer"] },
  { email: "admin@demo.argine.it", name: "Chiara", lastname: "Conti", roles: ["admin"] },
] as const;

/**
 * The demo lawyer's and admin's authenticator key (ADR 036): staff open a case only when signed in with a
 * second factor, so both have one, with this fixed key (README, printed at start): add it to an authenticator
 * app by hand, or compute a code with any TOTP tool. Demo mode only, like the password.
 */
export const DEMO_TOTP_SECRET = "ARGINEDEMOSTAFFTOTPKEY2345ABCDEF";

/** The shop's demo codes, printed at start (main.ts) beside the demo accounts. */
export const DEMO_SHOP = {
  voucher: "ARGINE10",
  campaign: "SCUDO-DIGITALE",
  promo: "DIFESA150",
  giftCard: "DEMO-GIFT-CARD-250",
} as const;

// Prices in cents, VAT (22%) included; sortOrder is the product's meta.order, fixed so a product added later
// takes its place without moving the others in a database seeded before.
const CATALOGUE = [
  {
    code: "FEEDBACK",
    sortOrder: 10,
    name: "Feedback",
    description:
      "Prima valutazione gratuita del tuo caso: c'è un reato, è ancora perseguibile, cosa fare ed entro quando.",
    priceCents: 0,
    discountedPriceCents: 0,
  },
  {
    code: "LEGALIZATION",
    sortOrder: 20,
    name: "Legalizzazione",
    description: "Acquisizione forense della pagina offensiva in un ambiente isolato, con valore di prova.",
    priceCents: 14900,
    discountedPriceCents: 14900,
  },
  {
    code: "TAKEDOWN",
    sortOrder: 30,
    name: "Takedown",
    description: "Richiesta di rimozione fino a tre link ai gestori delle piattaforme.",
    priceCents: 9900,
    discountedPriceCents: 9900,
  },
  {
    code: "INJUCTION",
    sortOrder: 40,
    name: "Diffida",
    description: "Diffida formale scritta da un avvocato a chi ti offende o ti minaccia.",
    priceCents: 19900,
    discountedPriceCents: 19900,
  },
  {
    code: "ADVICE",
    sortOrder: 50,
    name: "Consulenza",
    description: "Consulenza digitale con un avvocato sul tuo caso.",
    priceCents: 7900,
    discountedPriceCents: 7900,
  },
  {
    code: "DEFENCE",
    sortOrder: 60,
    name: "Difesa Legale",
    // What the mandate covers, in its words (ADR 027): the card never promises what the letter excludes.
    description: DEFENCE_SCOPE.summary,
    priceCents: 49000,
    discountedPriceCents: 49000,
  },
  // Sold later (ADR 019): between the defence and the package, whose order existing data keeps.
  {
    code: "COMPENSATION",
    sortOrder: 65,
    name: "Richiesta di risarcimento",
    description:
      "Un avvocato valuta i danni che hai subito, economici e non, e scrive per te la richiesta di risarcimento a chi li ha causati.",
    priceCents: 24900,
    discountedPriceCents: 24900,
  },
  {
    code: "PACKAGE",
    sortOrder: 70,
    name: "Pacchetto Legalizzazione, Takedown e Diffida",
    description: "I tre servizi insieme, a un prezzo ridotto.",
    priceCents: 44700,
    discountedPriceCents: 37900,
  },
] as const;

/**
 * The demo practice where every service bought is in a different state (ADR 020), so each screen of the
 * fulfilment can be seen at once: the formal notice done with its document, advice and defence in progress
 * (the client's file sent, the mandate accepted), the takedown under way with one link removed, the capture
 * ended (its files made by the sandbox at the demo's start: apps/api legalization/demo-capture.ts), and
 * compensation not started. The lawyer holds the work done by hand in progress.
 */
export const DEMO_FULFILMENT = {
  ticketCode: "AR-DEMO0006",
  /** The capture sandbox's id of the demo's capture. */
  captureId: "cap_demo0006",
  /** The page the practice is about, which its capture recorded. */
  captureUrl: "https://www.facebook.com/groups/esempio.quartiere/posts/1234567890",
  services: [
    // In progress until its files are stored; then "documenti pronti", as after any capture.
    { serviceType: "LEGALIZATION", status: "IN_PROGRESS" },
    { serviceType: "TAKEDOWN", status: "IN_PROGRESS" },
    { serviceType: "INJUCTION", status: "DOCUMENTS_READY" },
    { serviceType: "ADVICE", status: "IN_PROGRESS" },
    { serviceType: "DEFENCE", status: "IN_PROGRESS" },
    { serviceType: "COMPENSATION", status: "TO_START" },
  ],
} as const satisfies {
  ticketCode: string;
  captureId: string;
  captureUrl: string;
  services: { serviceType: ServiceType; status: ServiceStatus }[];
};

/** A file of the demo practice: its row is seeded here, its bytes (a small PDF of `title` and `paragraphs`)
 * are made and stored by the API, which has the storage (seedDemoFiles). */
export interface DemoFile {
  serviceType: ServiceType;
  side: FileSide;
  fileName: string;
  storageKey: string;
  title: string;
  paragraphs: string[];
}

export const DEMO_FILES: readonly DemoFile[] = [
  {
    serviceType: "INJUCTION",
    side: "STAFF",
    fileName: "Diffida AR-DEMO0006.pdf",
    storageKey: "demo/AR-DEMO0006/diffida.pdf",
    title: "Diffida e messa in mora",
    paragraphs: [
      "Documento di esempio della demo di Argine: la diffida che l'avvocato ha scritto e inviato per la pratica AR-DEMO0006.",
      "Con la presente si diffida il destinatario a rimuovere entro 7 giorni il post diffamatorio pubblicato nel gruppo Facebook indicato e ad astenersi da ulteriori condotte lesive (art. 595 c.p.), con avvertimento che, in mancanza, la parte assistita sporgerà querela e chiederà il risarcimento dei danni.",
      "Avv. Marco Rinaldi",
    ],
  },
  {
    serviceType: "ADVICE",
    side: "CLIENT",
    fileName: "Screenshot dei commenti.pdf",
    storageKey: "demo/AR-DEMO0006/screenshot-commenti.pdf",
    title: "Screenshot dei commenti",
    paragraphs: [
      "Documento di esempio della demo di Argine: le prove che la cliente ha inviato all'avvocato per la consulenza.",
      "Elenco dei commenti pubblicati nel gruppo, con data e ora, e dei messaggi ricevuti dopo il post.",
    ],
  },
];

const YEAR_MS = 365 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

export interface SeedOptions {
  hashPassword(password: string): Promise<string>;
  /**
   * Seals the demo staff's authenticator key for their account (the API's identity/second-factor.ts, with the
   * server's key). Without it the demo staff have no second factor.
   */
  sealSecret?(userId: string, secret: string): string;
  now?: Date;
}

/**
 * The catalogue's products, in every database, production's too (the services the product sells, not demo
 * data): made at the first start with the list prices, each only when missing, so an admin's changes stay.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(products)
    .values(CATALOGUE.map((p) => ({ ...p, vatRate: 22 })))
    .onConflictDoNothing();
}

/** Demo data, idempotent: every row is keyed by a natural key and only inserted when missing. */
export async function seedDemo(
  db: Db,
  { hashPassword, sealSecret, now = new Date() }: SeedOptions,
): Promise<void> {
  if (process.env.NODE_ENV === "production") {
    throw new Error("Refusing to seed demo data with NODE_ENV=production.");
  }

  await seedCatalogue(db);

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
    if (sealSecret && a.roles.length)
      await insertConfirmedSecondFactor(db, {
        userId: user.id,
        sealedSecret: sealSecret(user.id, DEMO_TOTP_SECRET),
        at: now,
      });
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
      },
      { practiceId: stalking.id, serviceType: "LEGALIZATION", status: "TO_START" },
    ]);
    await addComment(db, {
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
      // A minor's intimate images, sent through the questionnaire yesterday and not yet claimed; the
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
  // A conversation (ADR 030): the lawyer wrote, the anonymous client read it and wrote twice since, so her
  // case waits for an answer in the lawyer's queue with two messages he has not read.
  const anonymous = added.find((p) => p.ticketCode === "AR-DEMO0004");
  if (anonymous) {
    const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);
    const opening = await addComment(db, {
      practiceId: anonymous.id,
      authorId: lawyer,
      body: "Ciao, sono l'avvocato che segue la tua pratica. Se trovi altri contenuti che parlano di te, mandami qui i link: li aggiungiamo alle prove.",
      createdAt: minutesAgo(26 * 60),
    });
    await markCommentsRead(db, anonymous.id, client, opening.id);
    await addComment(db, {
      practiceId: anonymous.id,
      authorId: client,
      body: "Ho trovato un altro video che parla di me: posso aggiungere il link qui?",
      createdAt: minutesAgo(95),
    });
    await addComment(db, {
      practiceId: anonymous.id,
      authorId: client,
      body: "È sullo stesso canale Telegram di prima, pubblicato ieri sera.",
      createdAt: minutesAgo(90),
    });
  }

  // A support thread (ADR 030): the demo client asked the team something outside her cases, and waits.
  const thread = await openThread(db, { userId: client });
  if ((await listSupportMessages(db, thread.id)).length === 0)
    await addSupportMessage(db, {
      threadId: thread.id,
      staffId: null,
      body: "Buongiorno, posso aggiungere un'altra persona alla mia pratica, per esempio mia sorella che mi aiuta?",
    });

  await seedFulfilmentPractice(db, { client, lawyer, now, questionnaire });
  await seedDemoConsultations(db, { client, now });
}

interface FulfilmentSeed {
  client: string;
  lawyer: string;
  now: Date;
  questionnaire: (answers: Record<string, unknown>) => Partial<typeof practices.$inferInsert>;
}

/** DEMO_FULFILMENT: the practice, the paid order that bought its services, the services in their states. */
async function seedFulfilmentPractice(db: Db, { client, lawyer, now, questionnaire }: FulfilmentSeed) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const day = (days: number) => romeCalendarDay(ago(days));
  const paidAt = ago(6);
  const [practice] = await db
    .insert(practices)
    .values({
      ticketCode: DEMO_FULFILMENT.ticketCode,
      ownerId: client,
      status: "OPEN",
      evaluation: "VALID",
      crimeType: "DEFAMATION",
      expiryDate: new Date(now.getTime() + 60 * DAY_MS),
      platform: "Facebook",
      crimeUrl: DEMO_FULFILMENT.captureUrl,
      tags: ["post diffamatorio", "gruppo pubblico"],
      shitstorm: "YES",
      assignedLawyerId: lawyer,
      assignedAt: ago(7),
      // Older than the other demo cases: a client's dashboard shows their 4 newest practices (e2e/shop.ts).
      createdAt: ago(8),
      ...questionnaire({
        category: "DEFAMATION",
        firstEventDate: day(35),
        lastEventDate: day(14),
        knowledgeDate: day(33),
        channel: "SOCIAL_PUBLIC",
        audience: "MANY",
        victimIdentifiable: true,
        harmsReputation: true,
        specificFact: true,
        victimPresent: false,
        repeated: true,
        platform: "Facebook",
        crimeUrl: DEMO_FULFILMENT.captureUrl,
      }),
    })
    .onConflictDoNothing()
    .returning({ id: practices.id });
  if (!practice) return;

  const bought = DEMO_FULFILMENT.services.map(({ serviceType }) => {
    const product = CATALOGUE.find((p) => p.code === serviceType);
    if (!product) throw new Error(`demo product ${serviceType} missing`);
    return product;
  });
  const totalCents = bought.reduce((sum, p) => sum + p.discountedPriceCents, 0);
  // Paid with a gift card worth the whole order: a refund from the demo gives it back to its balance, with
  // no card payment to look for at the provider.
  const [giftCard] = await db
    .insert(giftCards)
    .values({
      code: "DEMO-PRATICA-COMPLETA",
      amountCents: totalCents,
      balanceCents: 0,
      expiresAt: new Date(now.getTime() + YEAR_MS),
    })
    .returning({ id: giftCards.id });
  const [order] = await db
    .insert(orders)
    .values({
      userId: client,
      practiceId: practice.id,
      idempotencyKey: "0d3e7a40-5c1b-4f6e-9a8d-2b7c4e6f1a06",
      status: "PAID",
      paymentType: "GIFT_CARD",
      totalCents,
      discountCents: 0,
      amountCents: totalCents,
      giftCardCents: totalCents,
      giftCardId: giftCard?.id,
      invoice: {
        taxCode: "RSSMRA85T10A562S",
        address: "Via dei Mille 10 (esempio)",
        zip: "00185",
        city: "Roma",
        province: "RM",
        country: "IT",
      },
      withdrawalWaiverAt: paidAt,
      createdAt: paidAt,
      paidAt,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("demo order missing");
  await db.insert(orderLines).values(
    bought.map((p) => ({
      orderId: order.id,
      productCode: p.code,
      name: p.name,
      priceCents: p.priceCents,
      discountedPriceCents: p.discountedPriceCents,
      campaignCents: 0,
      voucherCents: 0,
      finalPriceCents: p.discountedPriceCents,
      vatRate: 22,
      position: p.sortOrder,
    })),
  );
  const seeded = await db
    .insert(services)
    .values(
      DEMO_FULFILMENT.services.map(({ serviceType, status }, i) => {
        // The capture is the product's own work: no lawyer holds it.
        const started = status !== "TO_START" && serviceType !== "LEGALIZATION";
        return {
          practiceId: practice.id,
          serviceType,
          status,
          // A millisecond apart: the case page lists them in the catalogue's order (oldest first).
          createdAt: new Date(paidAt.getTime() + i),
          ...(started && { assignedLawyerId: lawyer, assignedAt: ago(5) }),
          ...(serviceType === "DEFENCE" && {
            mandateVersion: DEFENCE_MANDATE_VERSION,
            mandateAcceptedAt: ago(5),
          }),
        };
      }),
    )
    .returning({ id: services.id, serviceType: services.serviceType });
  const takedown = seeded.find((row) => row.serviceType === "TAKEDOWN");
  if (takedown) await seedDemoTakedown(db, takedown.id, { lawyer, ago });
  const legalization = seeded.find((row) => row.serviceType === "LEGALIZATION");
  if (legalization) await seedDemoCapture(db, legalization.id, ago);
  await addComment(db, {
    practiceId: practice.id,
    authorId: lawyer,
    body: "La diffida è pronta e l'abbiamo inviata: la trovi tra i documenti. Intanto studio le prove che mi hai mandato per la consulenza.",
  });
}

/**
 * The demo capture (ADR 021): ended with success at the sandbox, three days ago, its files still to make
 * (the sandbox makes them at the demo's start, then they are stored as after any capture).
 */
async function seedDemoCapture(db: Db, serviceId: string, ago: (days: number) => Date) {
  const [session] = await db
    .insert(legalizationSessions)
    .values({
      serviceId,
      provider: SANDBOX_CAPTURE_PROVIDER,
      providerSessionId: DEMO_FULFILMENT.captureId,
      state: "CLOSED",
      url: DEMO_FULFILMENT.captureUrl,
      startedAt: ago(3),
      endedAt: ago(3),
      createdAt: ago(3),
    })
    .returning({ id: legalizationSessions.id });
  await db.insert(sandboxCaptureSessions).values({
    id: DEMO_FULFILMENT.captureId,
    url: DEMO_FULFILMENT.captureUrl,
    reference: session?.id ?? "",
    state: "CLOSED",
    outcome: "CLOSED",
    stopRequestedAt: ago(3),
    createdAt: ago(3),
  });
}

/** The demo takedown's URLs (ADR 021): one the platform removed, one sent and waiting for its answer. */
async function seedDemoTakedown(
  db: Db,
  serviceId: string,
  { lawyer, ago }: { lawyer: string; ago: (days: number) => Date },
) {
  const removed = "https://www.facebook.com/groups/esempio.gruppo/posts/1234567890";
  const pending = "https://www.instagram.com/p/EsempioPost123/";
  await db.insert(takedownNotices).values([
    {
      serviceId,
      position: 1,
      url: removed,
      platform: platformOf(removed)?.code ?? null,
      status: "REMOVED",
      sentVia: "Modulo DSA di Facebook",
      sentAt: ago(4),
      answeredAt: ago(2),
      staffNote: "Segnalazione n. 1029384756 (dato di esempio)",
      recordedBy: lawyer,
      createdAt: ago(5),
      updatedAt: ago(2),
    },
    {
      serviceId,
      position: 2,
      url: pending,
      platform: platformOf(pending)?.code ?? null,
      status: "SENT",
      sentVia: "Modulo DSA di Instagram",
      sentAt: ago(4),
      recordedBy: lawyer,
      createdAt: ago(5),
      updatedAt: ago(4),
    },
  ]);
}

/**
 * The demo practice's files (DEMO_FILES), after seedDemo: `store` makes sure the file's bytes are in the
 * storage (putting them when missing) and answers their size; each file's row is added once, as sent.
 * Idempotent, and run at every start, so a storage emptied since is filled again.
 */
export async function seedDemoFiles(
  db: Db,
  store: (file: DemoFile) => Promise<number>,
  now: Date = new Date(),
): Promise<void> {
  const [practice] = await db
    .select({ id: practices.id, ownerId: practices.ownerId, lawyerId: practices.assignedLawyerId })
    .from(practices)
    .where(eq(practices.ticketCode, DEMO_FULFILMENT.ticketCode));
  if (!practice) return;
  for (const file of DEMO_FILES) {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.practiceId, practice.id), eq(services.serviceType, file.serviceType)));
    if (!service) continue;
    const size = await store(file);
    await db
      .insert(uploadedFiles)
      .values({
        serviceId: service.id,
        fileName: file.fileName,
        storageKey: file.storageKey,
        size,
        kind: "pdf",
        side: file.side,
        uploadedBy: file.side === "STAFF" ? practice.lawyerId : practice.ownerId,
        uploadDate: new Date(now.getTime() - 4 * DAY_MS),
      })
      .onConflictDoNothing();
  }
}
