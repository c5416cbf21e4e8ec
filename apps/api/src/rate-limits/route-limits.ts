import { CONVERSATION_MESSAGES } from "@argine/core/conversations/conversation-messages";
import {
  CLAIM_ATTEMPT_WINDOW_MINUTES,
  CLAIM_ATTEMPTS_MAX,
  CLAIM_MESSAGES,
} from "@argine/core/practices/claim";
import { API_PREFIX } from "@argine/core/shared/api-contract";
import { MESSAGES } from "@argine/core/shared/messages";
import { DISK_UPLOAD_BODY_LIMIT } from "../storage/disk-storage.ts";

// Every request limit of the API in one table (issue 38; docs/limits.md is this table rendered, and
// route-limits.integration.test.ts checks that they agree): for each route, keyed "METHOD /v1/path/:param" as
// Fastify names it, who is counted, how many calls in what window, the Italian message of its 429, and its
// body limit. apply-route-limits.ts hangs each row on its route when the route is registered; a write with no
// row of its own gets DEFAULT_WRITE, so no write goes uncounted per account and per address.

/**
 * Who a limit counts: the network address; the signed-in account (a visitor has none, so it does not apply);
 * the writer of the support chat (the account, or a visitor by the thread token they send); a first line to
 * the support chat, which opens a thread (counted per address, only while the writer has no token yet).
 */
export type Counted = "address" | "account" | "writer" | "newThread";

export interface Limit {
  readonly per: Counted;
  readonly max: number;
  readonly windowMs: number;
}

export interface RouteLimits {
  readonly limits: readonly Limit[];
  /** The 429's message: core's words, as the person reads them. */
  readonly message: string;
  /** The counters' name, when routes share them (the same rule over several routes); else the route's own. */
  readonly counter?: string;
  /** Counted once the body is valid (preHandler) rather than as the request arrives (onRequest). */
  readonly afterValidation?: true;
  /** The largest body the route reads, in bytes (a write's default: DEFAULT_BODY_LIMIT). */
  readonly bodyLimit?: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A ceiling per account and a wider one per address, within one window: the usual pair on a write. */
const accountAndAddress = (perAccount: number, perAddress: number, windowMs = MINUTE): Limit[] => [
  { per: "account", max: perAccount, windowMs },
  { per: "address", max: perAddress, windowMs },
];
/** One ceiling per address: a read's. */
const perAddress = (max: number, windowMs = MINUTE): Limit[] => [{ per: "address", max, windowMs }];
/** The same ceiling per account and per address: a public write's, whose caller rarely has an account. */
const sameForBoth = (max: number, windowMs = MINUTE) => accountAndAddress(max, max, windowMs);

/**
 * Every write that has no row of its own (POST, PUT, PATCH, DELETE under /v1): a person clicks a button a few
 * times a minute at most, and a script hundreds; the address's ceiling is four times the account's, so the
 * people behind one busy address (a shelter's Wi-Fi, a carrier's NAT) do not use up each other's.
 */
export const DEFAULT_WRITE: RouteLimits = {
  limits: accountAndAddress(30, 120),
  message: MESSAGES.tooManyRequests,
};

/**
 * A JSON write's body: the longest free text in core's schemas is 5 000 characters (a comment, a questionnaire's
 * description), at most 15 KB in UTF-8, and no body carries more than a few of them.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** The payment provider's events: one event's JSON, which the provider does not bound (the app's old 1 MB). */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The conversations' writes (issue 36, F2: 300 comments in 4 s), counted together over the practice's comments
 * and the support chat: a person writing, correcting and reading never meets them; a script does.
 */
export const CONVERSATION_LIMITS = {
  message: { perAccount: 20, perAddress: 60, windowMs: MINUTE },
  edit: { perAccount: 20, perAddress: 60, windowMs: MINUTE },
  read: { perAccount: 120, perAddress: 300, windowMs: MINUTE },
} as const;
const conversation = (name: keyof typeof CONVERSATION_LIMITS): RouteLimits => {
  const { perAccount, perAddress, windowMs } = CONVERSATION_LIMITS[name];
  return {
    limits: accountAndAddress(perAccount, perAddress, windowMs),
    message: CONVERSATION_MESSAGES.tooFast,
    counter: `conversation-${name}`,
  };
};

/**
 * The support chat's writes (ADR 030): each writer has a tight limit of their own; an address a wide one, so
 * strangers sharing it each still write their first line; and first lines, which open threads, their own count
 * per address.
 */
export const SUPPORT_LIMITS = {
  write: { perWriter: 10, perAddress: 60, windowMs: MINUTE },
  newThreads: { perAddress: 20, windowMs: HOUR },
} as const;

/** Guessable or mailing public calls (registration, links' tokens): a few a minute is plenty for a person. */
const PUBLIC_FORM: RouteLimits = { limits: sameForBoth(5), message: MESSAGES.tooManyRequests };
/** A mailed link's token typed again (newsletter, consultation), a little more room. */
const MAILED_LINK: RouteLimits = { limits: sameForBoth(10), message: MESSAGES.tooManyRequests };
/** Ending sessions is cheap for a person to repeat and costly to flood (both routes count together). */
const DEVICES: RouteLimits = {
  limits: accountAndAddress(20, 60),
  message: MESSAGES.tooManyDeviceChanges,
  counter: "devices",
};
/** A code or a password guessed in the second factor's settings (ADR 036), counted once the body is valid. */
const SECOND_FACTOR_SETTINGS: RouteLimits = {
  limits: accountAndAddress(10, 30, 15 * MINUTE),
  message: MESSAGES.secondFactorTooManyAttempts,
  counter: "second-factor-settings",
  afterValidation: true,
};
/** Each call asks the capture provider (the flow polls once a second, well within). */
const CAPTURE_PROVIDER: RouteLimits = { limits: sameForBoth(120), message: MESSAGES.tooManyRequests };
/** The diary's attachments, both steps of each counted together. */
const DIARY_ATTACHMENTS: RouteLimits = {
  limits: accountAndAddress(60, 180),
  message: MESSAGES.tooManyRequests,
  counter: "diary-attachments",
};
/** A document's or a page's token, or an unguessable id: the limit keeps lookups from turning into a scan. */
const reads = (max: number): RouteLimits => ({ limits: perAddress(max), message: MESSAGES.tooManyRequests });

export const ROUTE_LIMITS: Readonly<Record<string, RouteLimits>> = {
  // Sign-in (the password's failures have their own guard, identity/sign-in-guard.ts); the code after the
  // password: a flood from one address is cut short, wrong codes are counted apart (second-factor-service.ts).
  "POST /v1/auth/interactions/:uid/second-factor": {
    limits: sameForBoth(60, 15 * MINUTE),
    message: MESSAGES.secondFactorTooManyAttempts,
  },
  // The unlock link's token is guessable: a few tries a minute, as the other mailed links.
  "POST /v1/auth/unlock": PUBLIC_FORM,

  // Registration, verification and password reset: guessable or costly (each mails someone).
  "POST /v1/users": PUBLIC_FORM,
  "POST /v1/users/verification": PUBLIC_FORM,
  "POST /v1/users/verification/resend": PUBLIC_FORM,
  "POST /v1/users/password-reset": PUBLIC_FORM,
  "POST /v1/users/password-reset/confirm": PUBLIC_FORM,
  "DELETE /v1/users/me/devices/:id": DEVICES,
  "DELETE /v1/users/me/devices": DEVICES,
  "POST /v1/users/me/second-factor/setup": SECOND_FACTOR_SETTINGS,
  "POST /v1/users/me/second-factor/confirm": SECOND_FACTOR_SETTINGS,
  "POST /v1/users/me/second-factor/disable": SECOND_FACTOR_SETTINGS,
  "POST /v1/users/me/second-factor/recovery-codes": SECOND_FACTOR_SETTINGS,
  // One's own data (ADR 037): beside the one-at-a-time rule, a few requests an hour; an erasure's password
  // guess costs one of a few tries an hour.
  "POST /v1/users/me/export": {
    limits: accountAndAddress(5, 20, HOUR),
    message: MESSAGES.tooManyRequests,
  },
  "GET /v1/users/me/export/download": reads(10),
  "POST /v1/users/me/erasure": {
    limits: accountAndAddress(5, 20, HOUR),
    message: MESSAGES.tooManyRequests,
  },

  // The questionnaire opens a practice for anyone; its feedback is public by an unguessable id.
  "POST /v1/feedback": { limits: sameForBoth(10), message: MESSAGES.tooManyRequests },
  "GET /v1/practices/:id/feedback": reads(60),
  "GET /v1/practices/:id/feedback.pdf": reads(60),

  // The case workspace. Claiming with a code and its key (ADR 010): guessing a key takes many tries.
  "POST /v1/practices/claim": {
    limits: sameForBoth(CLAIM_ATTEMPTS_MAX, CLAIM_ATTEMPT_WINDOW_MINUTES * MINUTE),
    message: CLAIM_MESSAGES.tooManyAttempts,
  },
  // A choice a person makes now and then; an e-mail reaches a person.
  "PUT /v1/practices/:id/anonymity": { limits: accountAndAddress(20, 60), message: MESSAGES.tooManyRequests },
  "POST /v1/practices/:id/emails": { limits: accountAndAddress(20, 60), message: MESSAGES.tooManyRequests },
  "POST /v1/practices/:id/comments": conversation("message"),
  "PUT /v1/comments/:id": conversation("edit"),
  "PUT /v1/practices/:id/comments/read": conversation("read"),

  // The support chat (ADR 030): the person's thread, public, and the staff's answers.
  "GET /v1/support/thread": reads(60),
  "POST /v1/support/thread/messages": {
    limits: [
      { per: "writer", max: SUPPORT_LIMITS.write.perWriter, windowMs: SUPPORT_LIMITS.write.windowMs },
      {
        per: "newThread",
        max: SUPPORT_LIMITS.newThreads.perAddress,
        windowMs: SUPPORT_LIMITS.newThreads.windowMs,
      },
      { per: "address", max: SUPPORT_LIMITS.write.perAddress, windowMs: SUPPORT_LIMITS.write.windowMs },
    ],
    message: CONVERSATION_MESSAGES.tooFast,
  },
  "PUT /v1/support/thread/read": conversation("read"),
  "POST /v1/support/thread/close": { limits: sameForBoth(20), message: MESSAGES.tooManyRequests },
  "POST /v1/support/thread/resume": { limits: sameForBoth(20), message: MESSAGES.tooManyRequests },
  "POST /v1/admin/support/threads/:id/messages": conversation("message"),
  "PUT /v1/admin/support/threads/:id/read": conversation("read"),
  // The live socket (ADR 030): a reconnection loop cannot flood the upgrades.
  "GET /v1/live": reads(30),

  // The evidence diary (issue 40): a phone sharing a handful of screenshots makes two calls for each (the
  // link, then its check); a dossier is heavy work for the server, a few an hour are plenty.
  "POST /v1/diary/attachments": DIARY_ATTACHMENTS,
  "POST /v1/diary/attachments/:id/received": DIARY_ATTACHMENTS,
  "PUT /v1/diary/shares/:practiceId": {
    limits: accountAndAddress(20, 60),
    message: MESSAGES.tooManyRequests,
  },
  "POST /v1/diary/dossiers": { limits: accountAndAddress(10, 30, HOUR), message: MESSAGES.tooManyRequests },

  // The free consultation (ADR 031): the booking, and its management with the mail link's token. Per account
  // the booking is also bounded by its cap, per e-mail and phone by theirs (consultation-service.ts).
  "GET /v1/consultations/slots": reads(60),
  "POST /v1/consultations": PUBLIC_FORM,
  "GET /v1/consultations/manage": reads(30),
  "POST /v1/consultations/manage/confirm": MAILED_LINK,
  "POST /v1/consultations/manage/cancel": MAILED_LINK,
  "POST /v1/consultations/manage/move": MAILED_LINK,
  "GET /v1/consultations/mine": reads(60),
  // Each send mails the person.
  "PUT /v1/admin/consultations/:id/video-link": {
    limits: accountAndAddress(10, 30),
    message: MESSAGES.tooManyRequests,
  },

  // The shop (ADR 014). A code is checked against the wrong-code guard too (orders/wrong-codes.ts); an order
  // asks the payment provider, and a card tried again and again is what card testing looks like.
  "POST /v1/voucher/verify": { limits: accountAndAddress(20, 60), message: MESSAGES.tooManyRequests },
  "POST /v1/giftcard/verify": { limits: accountAndAddress(20, 60), message: MESSAGES.tooManyRequests },
  "POST /v1/orders": { limits: accountAndAddress(20, 60), message: MESSAGES.tooManyRequests },
  // Each call may cancel an intent at the provider.
  "POST /v1/orders/abandon": { limits: accountAndAddress(20, 60), message: MESSAGES.tooManyRequests },
  // The money documents, each by its own token for a year (ADR 016).
  "GET /v1/orders/invoice": reads(30),
  "GET /v1/orders/receipt": reads(30),
  "GET /v1/orders/credit-note": reads(30),
  // The sandbox's test cards (never in production): a script trying numbers is stopped.
  "POST /v1/sandbox/payment-methods": { limits: sameForBoth(30), message: MESSAGES.tooManyRequests },
  // The provider's events: a provider's burst, from its few addresses.
  "POST /v1/webhooks/:provider": {
    limits: sameForBoth(600),
    message: MESSAGES.tooManyRequests,
    bodyLimit: WEBHOOK_BODY_LIMIT,
  },

  // A bought service's uploads: signing and registering read and write the storage.
  "GET /v1/services/:id/signed-url": { limits: sameForBoth(30), message: MESSAGES.tooManyRequests },
  "PATCH /v1/services/:serviceId/upload": { limits: sameForBoth(30), message: MESSAGES.tooManyRequests },
  // The legalization's files read every file from the storage.
  "GET /v1/services/:id/legalization-archive": reads(10),
  "GET /v1/services/legalization/:id/session": CAPTURE_PROVIDER,
  "POST /v1/services/legalization/:id/session": CAPTURE_PROVIDER,
  "PATCH /v1/services/legalization/:id/step": CAPTURE_PROVIDER,
  "POST /v1/services/legalization/:id/stop": CAPTURE_PROVIDER,
  "GET /v1/services/legalization/:id/session-files": CAPTURE_PROVIDER,
  // The disk storage's signed links (ADR 018): the file itself, up to the largest upload and its envelope.
  "PUT /v1/storage/objects/:token": {
    limits: sameForBoth(60),
    message: MESSAGES.tooManyRequests,
    bodyLimit: DISK_UPLOAD_BODY_LIMIT,
  },
  "GET /v1/storage/objects/:token": reads(120),

  // The public site's forms: a person sends one now and then; a few a minute stops scripts and mail bombing.
  "POST /v1/newsletter": PUBLIC_FORM,
  "POST /v1/newsletter/confirm": MAILED_LINK,
  "POST /v1/partnerships": PUBLIC_FORM,
  "POST /v1/ideas": PUBLIC_FORM,

  // Demo mode's mailbox, only with its key.
  "GET /v1/dev/mailbox": reads(30),
  "GET /v1/dev/mailbox/:id/attachments/:index": reads(30),
};

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
export const isWrite = (method: string) => WRITES.has(method);

/** What one route gets: its row (or the default), the counters' name, its body limit (none: the app's). */
export interface ResolvedLimits extends RouteLimits {
  readonly counter: string;
  /** Whether the row is DEFAULT_WRITE. */
  readonly isDefault: boolean;
}

/**
 * The limits of `method url` (the URL with its /v1 prefix, as Fastify names it), or null for a route without
 * any. A HEAD route Fastify adds beside a GET counts in the GET's counters: the same handler answers both.
 */
export function resolveRouteLimits(method: string, url: string): ResolvedLimits | null {
  if (!url.startsWith(`${API_PREFIX}/`)) return null;
  const counted = method === "HEAD" ? "GET" : method;
  const key = `${counted} ${url}`;
  const own = ROUTE_LIMITS[key];
  const row = own ?? (isWrite(counted) ? DEFAULT_WRITE : null);
  if (!row) return null;
  return {
    ...row,
    counter: row.counter ?? key,
    isDefault: !own,
    ...(isWrite(counted) ? { bodyLimit: row.bodyLimit ?? DEFAULT_BODY_LIMIT } : {}),
  };
}

/** The ceiling of `route`'s row (or the default, for a write without one) counted `per`: for tests and docs. */
export function maxOf(route: string, per: Counted): number {
  const [method = ""] = route.split(" ");
  const row = ROUTE_LIMITS[route] ?? (isWrite(method) ? DEFAULT_WRITE : null);
  const limit = row?.limits.find((l) => l.per === per);
  if (!limit) throw new Error(`${route} has no limit per ${per}`);
  return limit.max;
}
