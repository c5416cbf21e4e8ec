import { CONSULTATION_TOKEN_HEADER } from "@argine/core/consultation/consultation-terms";
import { ClientFrameSchema, type ServerFrame } from "@argine/core/conversations/live-api";
import {
  BEARER_PROTOCOL_PREFIX,
  LIVE_PROTOCOL,
  SUPPORT_PROTOCOL_PREFIX,
} from "@argine/core/conversations/live-protocol";
import type { Me } from "@argine/core/identity/users-api";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { DEFENCE_MANDATE_VERSION } from "@argine/core/services/mandate";
import { SUPPORT_TOKEN_HEADER } from "@argine/core/support/support-routes";
import { findPracticeByTicketCode } from "@argine/db/queries/practices";
import { createUser } from "@argine/db/queries/users";
import { legalizationFiles, legalizationSessions, services } from "@argine/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_BILLING } from "../test/checkout.ts";
import { PNG_BYTES, sendAttachment, shareDiary, writeEntry } from "../test/diary.ts";
import { startTestApp } from "../test/helpers.ts";
import { type IdentityServer, randomIp, signIn, startIdentityServer } from "../test/identity.ts";
import { isMessages, openSocket, upgradeStatus } from "../test/live-socket.ts";
import { paymentMethod } from "../test/sandbox.ts";
import { PDF_BYTES, uploadThroughApi } from "../test/uploads.ts";

// Every documented /v1 route × every kind of caller, in one table (docs/architecture.md, "A request"). A
// route missing from the table fails the first test, so a new route cannot ship without deciding who may call
// it.

type Caller = "anonymous" | "client" | "otherClient" | "lawyer" | "admin";
/** The resources the table points at: another client's account, a practice the client owns, their comment. */
interface Ids {
  otherClient: string;
  /** An account nobody here signs in as: a role change signs its account out everywhere. */
  bystander: string;
  clientPractice: string;
  clientComment: string;
  /** A questionnaire's practice nobody owns yet, with its code and claim key (ADR 010). */
  unclaimed: { ticketCode: string; claimKey: string };
  /** A payment method the sandbox made from its test card that pays. */
  card: string;
  /** A paid order of the client (DEFENCE and INJUCTION) on clientPractice. */
  clientOrder: string;
  /** Its two services; the client sent "prove.pdf" for the formal notice. */
  injunction: string;
  defence: string;
  /** The LEGALIZATION service of the client's demo practice with every service (AR-DEMO0006). */
  legalization: string;
  /** A visitor's support thread (ADR 030). */
  supportThread: string;
  /** The visitor's first line in it. */
  supportLine: string;
  /**
   * The client's diary (issue 40): an entry in clientPractice, which she shares with its lawyers, with a
   * screenshot attached; another of her practices she shared and took back; a dossier she asked for.
   */
  diary: {
    entry: string;
    attachment: string;
    revokedPractice: string;
    revokedEntry: string;
    dossier: string;
  };
  /** A visitor's booked free consultation, the token of its mail's link, and a free slot (ADR 031). */
  consultation: { id: string; token: string; freeSlot: string; startsAt: string };
}
const CALLERS: Caller[] = ["anonymous", "client", "otherClient", "lawyer", "admin"];

interface Case {
  method: string;
  /** The OpenAPI path, as documented. */
  path: string;
  url: (ids: Ids) => string;
  body?: unknown | ((ids: Ids) => unknown);
  /** Headers beside the caller's bearer (a link's token). */
  headers?: (ids: Ids) => Record<string, string>;
  /** The row ends every session of the caller's account: the caller signs in again after it. */
  endsSessions?: true;
  expect: Record<Caller, number>;
}

const all = (status: number): Record<Caller, number> => ({
  anonymous: status,
  client: status,
  otherClient: status,
  lawyer: status,
  admin: status,
});
const signedIn = (status: number): Record<Caller, number> => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number): Record<Caller, number> => ({
  ...all(403),
  anonymous: 401,
  admin: status,
});

const TABLE: Case[] = [
  { method: "GET", path: "/v1/products", url: () => "/v1/products", expect: all(200) },
  { method: "GET", path: "/v1/auth/config", url: () => "/v1/auth/config", expect: all(200) },
  {
    method: "GET",
    path: "/v1/auth/interactions/{uid}",
    url: () => "/v1/auth/interactions/nessuna",
    expect: all(404),
  },
  {
    method: "POST",
    path: "/v1/auth/interactions/{uid}/login",
    url: () => "/v1/auth/interactions/nessuna/login",
    body: { email: "a@example.org", password: "x" },
    expect: all(400),
  },
  {
    method: "POST",
    path: "/v1/auth/unlock",
    url: () => "/v1/auth/unlock",
    body: { token: "x" },
    expect: all(400),
  },
  // The code after the password (ADR 036): its CSRF token is required before anything else.
  {
    method: "POST",
    path: "/v1/auth/interactions/{uid}/second-factor",
    url: () => "/v1/auth/interactions/nessuna/second-factor",
    body: { secondFactorToken: "x", code: "123456" },
    expect: all(400),
  },
  { method: "POST", path: "/v1/users", url: () => "/v1/users", body: {}, expect: all(400) },
  {
    method: "POST",
    path: "/v1/users/verification",
    url: () => "/v1/users/verification",
    body: { token: "x" },
    expect: all(400),
  },
  {
    method: "POST",
    path: "/v1/users/verification/resend",
    url: () => "/v1/users/verification/resend",
    body: { email: "nessuno@example.org" },
    expect: all(202),
  },
  {
    method: "POST",
    path: "/v1/users/password-reset",
    url: () => "/v1/users/password-reset",
    body: { email: "nessuno@example.org" },
    expect: all(202),
  },
  {
    method: "POST",
    path: "/v1/users/password-reset/confirm",
    url: () => "/v1/users/password-reset/confirm",
    body: { token: "x", password: "Girasole-Lento-42" },
    expect: all(400),
  },
  { method: "GET", path: "/v1/users/me", url: () => "/v1/users/me", expect: signedIn(200) },
  {
    method: "PATCH",
    path: "/v1/users/me",
    url: () => "/v1/users/me",
    body: { cellPhone: "3331234567" },
    expect: signedIn(200),
  },
  // One's own data (ADR 037): each account its own export; the download needs the mailed link's token.
  { method: "GET", path: "/v1/users/me/export", url: () => "/v1/users/me/export", expect: signedIn(200) },
  { method: "POST", path: "/v1/users/me/export", url: () => "/v1/users/me/export", expect: signedIn(202) },
  {
    method: "GET",
    path: "/v1/users/me/export/download",
    url: () => "/v1/users/me/export/download?token=inventato",
    expect: signedIn(404),
  },
  // A wrong password erases nothing (account-erasure.integration.test.ts erases one); staff accounts are
  // made a client's by an admin first.
  {
    method: "POST",
    path: "/v1/users/me/erasure",
    url: () => "/v1/users/me/erasure",
    body: { password: "Sbagliata-123" },
    expect: { anonymous: 401, client: 400, otherClient: 400, lawyer: 403, admin: 403 },
  },
  {
    method: "PATCH",
    path: "/v1/users/me/invoice",
    url: () => "/v1/users/me/invoice",
    body: TEST_BILLING,
    expect: signedIn(200),
  },
  { method: "GET", path: "/v1/users/me/devices", url: () => "/v1/users/me/devices", expect: signedIn(200) },
  // A device id that is not the caller's (here: nobody's) is not found, whoever asks.
  {
    method: "DELETE",
    path: "/v1/users/me/devices/{id}",
    url: () => "/v1/users/me/devices/00000000-0000-4000-8000-000000000000",
    expect: signedIn(404),
  },
  {
    method: "DELETE",
    path: "/v1/users/me/devices",
    url: () => "/v1/users/me/devices",
    endsSessions: true,
    expect: signedIn(200),
  },
  // One's own second factor (ADR 036). The demo staff have theirs on (seed.ts), the clients not: the clients
  // start one (a key to confirm) and a wrong first code is refused; the staff's is on already, and turning it
  // off or renewing its codes wants the right password.
  {
    method: "GET",
    path: "/v1/users/me/second-factor",
    url: () => "/v1/users/me/second-factor",
    expect: signedIn(200),
  },
  {
    method: "POST",
    path: "/v1/users/me/second-factor/setup",
    url: () => "/v1/users/me/second-factor/setup",
    expect: { ...signedIn(200), lawyer: 409, admin: 409 },
  },
  {
    method: "POST",
    path: "/v1/users/me/second-factor/confirm",
    url: () => "/v1/users/me/second-factor/confirm",
    body: { code: "abcdef" },
    expect: { ...signedIn(400), lawyer: 409, admin: 409 },
  },
  {
    method: "POST",
    path: "/v1/users/me/second-factor/disable",
    url: () => "/v1/users/me/second-factor/disable",
    body: { password: "non-la-password" },
    expect: { ...signedIn(409), lawyer: 400, admin: 400 },
  },
  {
    method: "POST",
    path: "/v1/users/me/second-factor/recovery-codes",
    url: () => "/v1/users/me/second-factor/recovery-codes",
    body: { password: "non-la-password" },
    expect: { ...signedIn(409), lawyer: 400, admin: 400 },
  },
  {
    method: "PUT",
    path: "/v1/users/{id}/roles/{role}",
    url: ({ bystander }) => `/v1/users/${bystander}/roles/lawyer`,
    expect: adminOnly(200),
  },
  {
    method: "DELETE",
    path: "/v1/users/{id}/roles/{role}",
    url: ({ bystander }) => `/v1/users/${bystander}/roles/lawyer`,
    expect: adminOnly(200),
  },
  // Without the key printed at start, the demo mailbox does not exist for anyone (routes/v1/dev/mailbox.ts).
  { method: "GET", path: "/v1/dev/mailbox", url: () => "/v1/dev/mailbox", expect: all(404) },
  // The payment sandbox (test config: it is the provider): public, a test card is no one's; the client
  // secret is the challenge's credential, so a wrong one is refused for everyone alike.
  {
    method: "POST",
    path: "/v1/sandbox/payment-methods",
    url: () => "/v1/sandbox/payment-methods",
    body: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" },
    expect: all(201),
  },
  {
    method: "GET",
    path: "/v1/sandbox/3ds/{intentId}",
    url: () => "/v1/sandbox/3ds/pi_nessuno?client_secret=pi_nessuno_secret_x",
    expect: all(400),
  },
  {
    method: "POST",
    path: "/v1/sandbox/3ds/{intentId}",
    url: () => "/v1/sandbox/3ds/pi_nessuno",
    body: { client_secret: "pi_nessuno_secret_x", approve: true },
    expect: all(400),
  },
  // The disk storage's signed links (test config: disk is the engine): the token is the only credential,
  // so a made-up one is refused for everyone alike (storage.integration.test.ts signs real ones).
  {
    method: "PUT",
    path: "/v1/storage/objects/{token}",
    url: () => "/v1/storage/objects/eyJtIjoiUFVUIn0.firma",
    body: {},
    expect: all(403),
  },
  {
    method: "GET",
    path: "/v1/storage/objects/{token}",
    url: () => "/v1/storage/objects/eyJtIjoiR0VUIn0.firma",
    expect: all(403),
  },
  // Which card provider the checkout loads, with Stripe's publishable key: public, as that key is.
  { method: "GET", path: "/v1/payments/config", url: () => "/v1/payments/config", expect: all(200) },
  { method: "POST", path: "/v1/feedback", url: () => "/v1/feedback", body: {}, expect: all(400) },
  {
    method: "GET",
    path: "/v1/practices/{id}/feedback",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/feedback`,
    expect: all(200),
  },
  {
    method: "GET",
    path: "/v1/practices/{id}/feedback.pdf",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/feedback.pdf`,
    expect: all(200),
  },
  { method: "GET", path: "/v1/practices", url: () => "/v1/practices", expect: signedIn(200) },
  {
    method: "GET",
    path: "/v1/practices/{id}",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "PATCH",
    path: "/v1/practices/{id}/services-active",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/services-active`,
    body: {
      serviceTakedownActive: true,
      serviceLegalizationActive: false,
      serviceInjuctionActive: true,
      serviceAdviceActive: true,
    },
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/practices/queue",
    url: () => "/v1/practices/queue",
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  // Anyone signed in asks; another client's id is answered as a practice with nothing unread (never a 404
  // that would tell it exists): routes/v1/practices/unread-counts.integration.test.ts checks the counts.
  {
    method: "GET",
    path: "/v1/practices/unread-counts",
    url: ({ clientPractice }) => `/v1/practices/unread-counts?ids=${clientPractice}`,
    expect: signedIn(200),
  },
  // The lawyer takes the case in charge; the admin after them finds it taken (409, naming who has it).
  {
    method: "POST",
    path: "/v1/practices/{id}/assignment",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/assignment`,
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 409 },
  },
  // The lawyer lets it go; the admin after them finds nothing to let go.
  {
    method: "DELETE",
    path: "/v1/practices/{id}/assignment",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/assignment`,
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 200 },
  },
  ...(["questions", "feedback-link", "comments"] as const).map(
    (sub): Case => ({
      method: "GET",
      path: `/v1/practices/{id}/${sub}`,
      url: ({ clientPractice }) => `/v1/practices/${clientPractice}/${sub}`,
      expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
    }),
  ),
  {
    method: "POST",
    path: "/v1/practices/{id}/comments",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/comments`,
    body: { comment: "Un aggiornamento" },
    expect: { anonymous: 401, client: 201, otherClient: 404, lawyer: 201, admin: 201 },
  },
  {
    method: "PUT",
    path: "/v1/comments/{id}",
    url: ({ clientComment }) => `/v1/comments/${clientComment}`,
    body: { comment: "Corretto" },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 403, admin: 403 },
  },
  {
    method: "GET",
    path: "/v1/practices/{id}/comments/read",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/comments/read`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/v1/practices/{id}/comments/read",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/comments/read`,
    body: ({ clientComment }: Ids) => ({ upTo: clientComment }),
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  // The support chat (ADR 030): the caller's own thread is public (a visitor by its token, none here; the
  // demo client has the seed's, the others none until they write); the inbox and its threads are staff's.
  {
    method: "GET",
    path: "/v1/support/thread",
    url: () => "/v1/support/thread",
    expect: { anonymous: 404, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "POST",
    path: "/v1/support/thread/messages",
    url: () => "/v1/support/thread/messages",
    body: { text: "Una domanda" },
    expect: all(201),
  },
  // Reading one's own thread up to a line (each signed-in caller has one since the row above; a line of
  // another thread moves nothing): a visitor without a token has none.
  {
    method: "PUT",
    path: "/v1/support/thread/read",
    url: () => "/v1/support/thread/read",
    body: ({ supportLine }: Ids) => ({ upTo: supportLine }),
    expect: { ...all(200), anonymous: 404 },
  },
  // The quick exit's closing needs a visitor's token (none here), and the mail's link a live one (this one
  // opens nothing): for anyone else there is nothing to find.
  {
    method: "POST",
    path: "/v1/support/thread/close",
    url: () => "/v1/support/thread/close",
    expect: all(404),
  },
  {
    method: "POST",
    path: "/v1/support/thread/resume",
    url: () => "/v1/support/thread/resume",
    body: { link: "x".repeat(43) },
    expect: all(404),
  },
  {
    method: "PUT",
    path: "/v1/admin/support/threads/{id}/read",
    url: ({ supportThread }) => `/v1/admin/support/threads/${supportThread}/read`,
    body: ({ supportLine }: Ids) => ({ upTo: supportLine }),
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/admin/support/threads",
    url: () => "/v1/admin/support/threads",
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/admin/support/threads/{id}",
    url: ({ supportThread }) => `/v1/admin/support/threads/${supportThread}`,
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/v1/admin/support/threads/{id}/messages",
    url: ({ supportThread }) => `/v1/admin/support/threads/${supportThread}/messages`,
    body: { text: "Eccoci" },
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 201, admin: 201 },
  },
  // The free consultation (ADR 031): slots and booking are public (a practice attached only by its own
  // client: the client books first, the others are refused before anything is written); the mail link's
  // token, not the bearer, opens a booking; a signed-in person reads her own; the agenda, the outcomes, the
  // video link and the hours are staff's.
  { method: "GET", path: "/v1/consultations/slots", url: () => "/v1/consultations/slots", expect: all(200) },
  {
    method: "POST",
    path: "/v1/consultations",
    url: () => "/v1/consultations",
    body: ({ consultation, clientPractice }: Ids) => ({
      name: "Giulia Esposito",
      email: "giulia@example.org",
      phone: "3331234567",
      kind: "phone",
      startsAt: consultation.freeSlot,
      practiceId: clientPractice,
      privacyAccepted: true,
    }),
    expect: { anonymous: 400, client: 201, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "GET",
    path: "/v1/consultations/manage",
    url: () => "/v1/consultations/manage",
    headers: ({ consultation }) => ({ [CONSULTATION_TOKEN_HEADER]: consultation.token }),
    expect: all(200),
  },
  {
    method: "POST",
    path: "/v1/consultations/manage/confirm",
    url: () => "/v1/consultations/manage/confirm",
    headers: ({ consultation }) => ({ [CONSULTATION_TOKEN_HEADER]: consultation.token }),
    // Confirmed already in the setup: a second confirmation changes nothing, whoever holds the link.
    expect: all(200),
  },
  {
    method: "GET",
    path: "/v1/consultations/mine",
    url: () => "/v1/consultations/mine",
    expect: { anonymous: 401, client: 200, otherClient: 200, lawyer: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/v1/consultations/manage/move",
    url: () => "/v1/consultations/manage/move",
    headers: ({ consultation }) => ({ [CONSULTATION_TOKEN_HEADER]: consultation.token }),
    // Onto the slot it has: reached with the token by anyone, refused for what it asks.
    body: ({ consultation }: Ids) => ({ startsAt: consultation.startsAt }),
    expect: all(400),
  },
  {
    method: "POST",
    path: "/v1/consultations/manage/cancel",
    url: () => "/v1/consultations/manage/cancel",
    // Without the token, nobody: a bearer opens no booking.
    expect: all(400),
  },
  {
    method: "GET",
    path: "/v1/admin/consultations",
    url: () => "/v1/admin/consultations?from=2027-03-22&to=2027-03-28",
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/v1/admin/consultations/{id}/outcome",
    url: ({ consultation }) => `/v1/admin/consultations/${consultation.id}/outcome`,
    body: { outcome: "done" },
    // Staff may, but not before it started.
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 409, admin: 409 },
  },
  {
    method: "PUT",
    path: "/v1/admin/consultations/{id}/video-link",
    url: ({ consultation }) => `/v1/admin/consultations/${consultation.id}/video-link`,
    body: { videoUrl: "https://meet.example.org/argine-prova" },
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/admin/consultations/availability",
    url: () => "/v1/admin/consultations/availability",
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/v1/admin/consultations/availability",
    url: () => "/v1/admin/consultations/availability",
    // The demo's own hours, so the other rows' slots stay offered.
    body: {
      weekly: [1, 2, 3, 4, 5].flatMap((weekday) => [
        { weekday, from: "09:30", to: "13:00" },
        { weekday, from: "14:30", to: "18:00" },
      ]),
      exceptions: [],
    },
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  // An attachment of the demo mailbox: without the key printed at start, it does not exist for anyone.
  {
    method: "GET",
    path: "/v1/dev/mailbox/{id}/attachments/{index}",
    url: () => "/v1/dev/mailbox/nessuna/attachments/0",
    expect: all(404),
  },
  {
    method: "PATCH",
    path: "/v1/practices/{id}/evaluation",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/evaluation`,
    body: { evaluation: "VALID" },
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/practices/{id}/customService",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/customService`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/v1/practices/{id}/customService",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/customService`,
    body: { price: 79 },
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/practices/{id}/emails",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/emails`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  // "Chi ha visto la mia pratica": the owner only; staff are refused rather than reading it as a staff read.
  {
    method: "GET",
    path: "/v1/practices/{id}/access-log",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/access-log`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 403, admin: 403 },
  },
  {
    method: "POST",
    path: "/v1/practices/{id}/emails",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/emails`,
    body: { subject: "Aggiornamento", body: "La diffida è partita." },
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 201, admin: 201 },
  },
  {
    method: "PATCH",
    path: "/v1/practices/{id}/user",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/user`,
    // The owner claiming again is a no-op; nobody else gets it, even with the token it was claimed with.
    body: { claimToken: "spent-or-made-up" },
    expect: { anonymous: 401, client: 200, otherClient: 403, lawyer: 403, admin: 403 },
  },
  {
    method: "POST",
    path: "/v1/practices/claim",
    url: () => "/v1/practices/claim",
    // The client enters the code and key first and gets the practice; after that they are void for anyone.
    body: ({ unclaimed }: Ids) => unclaimed,
    expect: { anonymous: 401, client: 200, otherClient: 403, lawyer: 403, admin: 403 },
  },
  // the shop (ADR 014): the cart's codes, the orders, the checkout (paid by the test provider's good card)
  {
    method: "GET",
    path: "/v1/campaigns",
    url: () => "/v1/campaigns?amount=490",
    expect: signedIn(200),
  },
  {
    method: "POST",
    path: "/v1/voucher/verify",
    url: () => "/v1/voucher/verify",
    body: { voucherCode: "ARGINE10" },
    expect: signedIn(200),
  },
  {
    method: "POST",
    path: "/v1/giftcard/verify",
    url: () => "/v1/giftcard/verify",
    body: { code: "DEMO-GIFT-CARD-250" },
    expect: signedIn(200),
  },
  {
    method: "POST",
    path: "/v1/giftcard/request",
    url: () => "/v1/giftcard/request",
    body: { promo: "DIFESA150" },
    expect: signedIn(201),
  },
  {
    method: "GET",
    path: "/v1/giftcard/user/assigned/{id}",
    url: ({ otherClient }) => `/v1/giftcard/user/assigned/${otherClient}`,
    expect: { anonymous: 401, client: 404, otherClient: 200, lawyer: 200, admin: 200 },
  },
  { method: "GET", path: "/v1/orders", url: () => "/v1/orders", expect: signedIn(200) },
  // The money documents: public by their token alone (the holder's capability), the same answer for anyone.
  {
    method: "GET",
    path: "/v1/orders/invoice",
    url: () => "/v1/orders/invoice?token=nessun-documento-con-questo-token",
    expect: all(404),
  },
  {
    method: "GET",
    path: "/v1/orders/receipt",
    url: () => "/v1/orders/receipt?token=nessun-documento-con-questo-token",
    expect: all(404),
  },
  {
    method: "GET",
    path: "/v1/orders/credit-note",
    url: () => "/v1/orders/credit-note?token=nessun-documento-con-questo-token",
    expect: all(404),
  },
  {
    method: "POST",
    path: "/v1/orders",
    url: () => "/v1/orders",
    // The owner buys the takedown; nobody else may check out her practice, staff included.
    body: ({ clientPractice, card }: Ids) => ({
      practiceId: clientPractice,
      items: ["TAKEDOWN"],
      invoice: TEST_BILLING,
      salesConditionsAccepted: true,
      withdrawalWaiverAccepted: true,
      idempotencyKey: "6f1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e01",
      payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: card }) },
    }),
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  // Giving up an attempt, by its key: only her own (the paid order of beforeAll, answered as it is); anyone
  // else's attempts are theirs alone, so nobody else finds it, staff included.
  {
    method: "POST",
    path: "/v1/orders/abandon",
    url: () => "/v1/orders/abandon",
    body: { idempotencyKey: "6f1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e03" },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  // a bought service's work (ADR 020): the caller's side of the files, staff's statuses, queue and
  // assignment, the client's mandate. Staff act on their own side (the lawyer's document): the client's file
  // is not theirs to register or delete.
  {
    method: "GET",
    path: "/v1/services/{id}/signed-url",
    url: ({ defence }) => `/v1/services/${defence}/signed-url?fileName=atto.pdf&size=100`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "PATCH",
    path: "/v1/services/{serviceId}/upload",
    url: ({ injunction }) => `/v1/services/${injunction}/upload`,
    body: { fileName: "prove.pdf", serviceType: "INJUCTION" },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "GET",
    path: "/v1/services/{serviceId}/upload",
    url: ({ injunction }) => `/v1/services/${injunction}/upload?fileName=prove.pdf`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "DELETE",
    path: "/v1/services/{serviceId}/upload",
    url: ({ injunction }) => `/v1/services/${injunction}/upload`,
    body: { fileName: "prove.pdf", serviceType: "INJUCTION" },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "PATCH",
    path: "/v1/services/{id}/status",
    url: ({ injunction }) => `/v1/services/${injunction}/status`,
    // Started when the lawyer took the case in charge above: the status it has is a change staff may ask.
    body: { serviceType: "INJUCTION", status: "IN_PROGRESS" },
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/services/queue",
    url: () => "/v1/services/queue",
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/services/team",
    url: () => "/v1/services/team",
    expect: { anonymous: 401, client: 403, otherClient: 403, lawyer: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/v1/services/{id}/assignment",
    url: ({ injunction }) => `/v1/services/${injunction}/assignment`,
    body: { lawyerId: null },
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/services/{id}/mandate",
    url: ({ defence }) => `/v1/services/${defence}/mandate`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/v1/services/{id}/mandate",
    url: ({ defence }) => `/v1/services/${defence}/mandate`,
    body: { version: DEFENCE_MANDATE_VERSION, accepted: true },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 403, admin: 403 },
  },
  {
    method: "GET",
    path: "/v1/services/{id}/injunction-draft",
    url: ({ injunction }) => `/v1/services/${injunction}/injunction-draft`,
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 200 },
  },
  // the legalization's capture (ADR 021): the owner or staff start, step and stop it; the files come once it
  // succeeded (none yet here: 404 for all).
  {
    method: "POST",
    path: "/v1/services/legalization/{id}/session",
    url: ({ legalization }) => `/v1/services/legalization/${legalization}/session`,
    body: { url: "https://example.org/post/1" },
    expect: { anonymous: 401, client: 201, otherClient: 404, lawyer: 201, admin: 201 },
  },
  {
    method: "GET",
    path: "/v1/services/legalization/{id}/session",
    url: ({ legalization }) => `/v1/services/legalization/${legalization}/session`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "PATCH",
    path: "/v1/services/legalization/{id}/step",
    url: ({ legalization }) => `/v1/services/legalization/${legalization}/step`,
    body: { step: "BROWSING" },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "POST",
    path: "/v1/services/legalization/{id}/stop",
    url: ({ legalization }) => `/v1/services/legalization/${legalization}/stop`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/services/legalization/{id}/session-files",
    url: ({ legalization }) => `/v1/services/legalization/${legalization}/session-files`,
    expect: { anonymous: 401, client: 404, otherClient: 404, lawyer: 404, admin: 404 },
  },
  // the evidence diary (issue 40): hers alone; a practice's lawyers read its entries only while she shares it
  // (clientPractice is shared, revokedPractice was and is no more), and nobody but her writes in it.
  { method: "GET", path: "/v1/diary/entries", url: () => "/v1/diary/entries", expect: signedIn(200) },
  {
    method: "GET",
    path: "/v1/diary/entries",
    url: ({ clientPractice }) => `/v1/diary/entries?practiceId=${clientPractice}`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/diary/entries",
    url: ({ diary }) => `/v1/diary/entries?practiceId=${diary.revokedPractice}`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 403, admin: 403 },
  },
  {
    method: "GET",
    path: "/v1/diary/entries/{id}",
    url: ({ diary }) => `/v1/diary/entries/${diary.entry}`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/diary/entries/{id}",
    url: ({ diary }) => `/v1/diary/entries/${diary.revokedEntry}`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "POST",
    path: "/v1/diary/entries",
    url: () => "/v1/diary/entries",
    body: {
      occurredOn: "2026-11-20",
      occurredAt: null,
      platform: "WHATSAPP",
      urls: [],
      who: "",
      what: "Mi ha scritto di nuovo.",
      practiceId: null,
      attachmentIds: [],
    },
    expect: signedIn(201),
  },
  {
    method: "POST",
    path: "/v1/diary/entries/{id}/versions",
    url: ({ diary }) => `/v1/diary/entries/${diary.entry}/versions`,
    body: ({ diary, clientPractice }: Ids) => ({
      occurredOn: "2026-11-20",
      occurredAt: "22:30",
      platform: "INSTAGRAM",
      urls: [],
      who: "",
      what: "Ha pubblicato una mia foto privata.",
      practiceId: clientPractice,
      attachmentIds: [diary.attachment],
    }),
    expect: { anonymous: 401, client: 201, otherClient: 404, lawyer: 403, admin: 403 },
  },
  {
    method: "POST",
    path: "/v1/diary/attachments",
    url: () => "/v1/diary/attachments",
    body: { fileName: "schermata.png", size: 1200 },
    expect: signedIn(201),
  },
  {
    method: "POST",
    path: "/v1/diary/attachments/{id}/received",
    url: ({ diary }) => `/v1/diary/attachments/${diary.attachment}/received`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "GET",
    path: "/v1/diary/attachments/{id}/link",
    url: ({ diary }) => `/v1/diary/attachments/${diary.attachment}/link`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "GET",
    path: "/v1/diary/shares/{practiceId}",
    url: ({ clientPractice }) => `/v1/diary/shares/${clientPractice}`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "PUT",
    path: "/v1/diary/shares/{practiceId}",
    url: ({ clientPractice }) => `/v1/diary/shares/${clientPractice}`,
    body: { shared: true },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "POST",
    path: "/v1/diary/dossiers",
    url: () => "/v1/diary/dossiers",
    body: ({ clientPractice }: Ids) => ({ practiceId: clientPractice }),
    expect: { anonymous: 401, client: 201, otherClient: 404, lawyer: 404, admin: 404 },
  },
  {
    method: "GET",
    path: "/v1/diary/dossiers/{id}",
    url: ({ diary }) => `/v1/diary/dossiers/${diary.dossier}`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 404, admin: 404 },
  },
  // refunds and withdrawal (ADR 017): staff refund (the same key answers the same refund), and the
  // buyer withdraws
  {
    method: "POST",
    path: "/v1/orders/{id}/refunds",
    url: ({ clientOrder }) => `/v1/orders/${clientOrder}/refunds`,
    body: {
      productCodes: ["INJUCTION"],
      reason: "STAFF",
      idempotencyKey: "6f1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e02",
    },
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 201, admin: 201 },
  },
  {
    method: "POST",
    path: "/v1/orders/{id}/withdrawal",
    url: ({ clientOrder }) => `/v1/orders/${clientOrder}/withdrawal`,
    body: { productCodes: ["DEFENCE"] },
    expect: { anonymous: 401, client: 201, otherClient: 404, lawyer: 403, admin: 403 },
  },
  {
    method: "GET",
    path: "/v1/practices/{id}/orders",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/orders`,
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 200, admin: 200 },
  },
  // The provider's webhook: public, and nothing without a good signature.
  {
    method: "POST",
    path: "/v1/webhooks/{provider}",
    url: () => "/v1/webhooks/sandbox",
    body: {},
    expect: all(400),
  },
  // admin workspace
  { method: "GET", path: "/v1/admin/users", url: () => "/v1/admin/users?q=demo", expect: adminOnly(200) },
  {
    method: "GET",
    path: "/v1/admin/audit",
    url: () => "/v1/admin/audit?action=practice.read",
    expect: adminOnly(200),
  },
  { method: "GET", path: "/v1/admin/products", url: () => "/v1/admin/products", expect: adminOnly(200) },
  {
    method: "PATCH",
    path: "/v1/admin/products/{code}",
    url: () => "/v1/admin/products/FEEDBACK",
    body: { active: true },
    expect: adminOnly(200),
  },
  { method: "GET", path: "/v1/admin/campaigns", url: () => "/v1/admin/campaigns", expect: adminOnly(200) },
  {
    method: "POST",
    path: "/v1/admin/campaigns",
    url: () => "/v1/admin/campaigns",
    body: { code: "TABELLA-CAMPAGNA", name: "Tabella", sponsor: "Sponsor di prova", coveragePercent: 10 },
    expect: adminOnly(201),
  },
  {
    method: "PATCH",
    path: "/v1/admin/campaigns/{id}",
    url: () => "/v1/admin/campaigns/00000000-0000-4000-8000-000000000000",
    body: { active: false },
    expect: adminOnly(404),
  },
  { method: "GET", path: "/v1/admin/vouchers", url: () => "/v1/admin/vouchers", expect: adminOnly(200) },
  {
    method: "POST",
    path: "/v1/admin/vouchers",
    url: () => "/v1/admin/vouchers",
    body: { code: "TABELLA-VOUCHER", discountAmount: 5 },
    expect: adminOnly(201),
  },
  {
    method: "PATCH",
    path: "/v1/admin/vouchers/{id}",
    url: () => "/v1/admin/vouchers/00000000-0000-4000-8000-000000000000",
    body: { active: false },
    expect: adminOnly(404),
  },
  { method: "GET", path: "/v1/admin/gift-cards", url: () => "/v1/admin/gift-cards", expect: adminOnly(200) },
  {
    method: "POST",
    path: "/v1/admin/gift-cards",
    url: () => "/v1/admin/gift-cards",
    body: { code: "TABELLA-GIFT", amount: 20 },
    expect: adminOnly(201),
  },
  {
    method: "PATCH",
    path: "/v1/admin/gift-cards/{id}",
    url: () => "/v1/admin/gift-cards/00000000-0000-4000-8000-000000000000",
    body: { balance: 0 },
    expect: adminOnly(404),
  },
  // outreach: the public site's forms, and their admin lists
  {
    method: "POST",
    path: "/v1/newsletter",
    url: () => "/v1/newsletter",
    body: { email: "tabella@example.org", privacyAccepted: true },
    expect: all(202),
  },
  {
    method: "POST",
    path: "/v1/newsletter/confirm",
    url: () => "/v1/newsletter/confirm",
    body: { token: "x" },
    expect: all(400),
  },
  {
    method: "POST",
    path: "/v1/partnerships",
    url: () => "/v1/partnerships",
    body: {
      name: "Tabella Prova",
      email: "tabella@example.org",
      kind: "OTHER",
      message: "Una richiesta di collaborazione di prova.",
      privacyAccepted: true,
    },
    expect: all(201),
  },
  {
    method: "POST",
    path: "/v1/ideas",
    url: () => "/v1/ideas",
    body: {
      name: "Tabella Prova",
      email: "tabella@example.org",
      title: "Un'idea di prova",
      description: "Una descrizione di prova abbastanza lunga.",
      privacyAccepted: true,
    },
    expect: all(201),
  },
  {
    method: "GET",
    path: "/v1/admin/newsletter-subscriptions",
    url: () => "/v1/admin/newsletter-subscriptions",
    expect: adminOnly(200),
  },
  {
    method: "GET",
    path: "/v1/admin/partnership-requests",
    url: () => "/v1/admin/partnership-requests",
    expect: adminOnly(200),
  },
  { method: "GET", path: "/v1/admin/ideas", url: () => "/v1/admin/ideas", expect: adminOnly(200) },
  // the job queue's dead letters (ADR 012)
  {
    method: "GET",
    path: "/v1/admin/accounts/documents",
    url: () => "/v1/admin/accounts/documents?from=2026-11-01&to=2026-11-30",
    expect: adminOnly(200),
  },
  {
    method: "GET",
    path: "/v1/admin/accounts/orders",
    url: () => "/v1/admin/accounts/orders?from=2026-11-01&to=2026-11-30",
    expect: adminOnly(200),
  },
  {
    method: "GET",
    path: "/v1/admin/accounts/export.csv",
    url: () => "/v1/admin/accounts/export.csv?from=2026-11-01&to=2026-11-30",
    expect: adminOnly(200),
  },
  {
    method: "GET",
    path: "/v1/admin/accounts/export.zip",
    url: () => "/v1/admin/accounts/export.zip?from=2026-11-01&to=2026-11-30",
    expect: adminOnly(200),
  },
  {
    method: "GET",
    path: "/v1/admin/jobs/dead-letters",
    url: () => "/v1/admin/jobs/dead-letters",
    expect: adminOnly(200),
  },
  {
    method: "POST",
    path: "/v1/admin/jobs/dead-letters/{id}/retry",
    url: () => "/v1/admin/jobs/dead-letters/00000000-0000-4000-8000-000000000000/retry",
    expect: adminOnly(404),
  },
  // deadline reminders and the legalization files' archive (ADR 021)
  {
    method: "GET",
    path: "/v1/practices/{id}/reminders",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/reminders`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  {
    method: "PUT",
    path: "/v1/practices/{id}/reminders",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/reminders`,
    body: { enabled: true },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 403, admin: 403 },
  },
  {
    method: "GET",
    path: "/v1/services/{id}/legalization-archive",
    url: ({ injunction }) => `/v1/services/${injunction}/legalization-archive`,
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 200, admin: 200 },
  },
  // Only the client chooses whether lawyers see who she is (ADR 038).
  {
    method: "PUT",
    path: "/v1/practices/{id}/anonymity",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/anonymity`,
    body: { anonymous: false },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 403, admin: 403 },
  },
  // Last: it closes the practice. The owner closes it; staff may not close it again (409), only reopen.
  {
    method: "PATCH",
    path: "/v1/practices/{id}/status",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}/status`,
    body: { status: "CLOSED" },
    expect: { anonymous: 401, client: 200, otherClient: 404, lawyer: 409, admin: 409 },
  },
  // After the close: a closed practice is not deleted, even by its owner (409); staff never delete.
  {
    method: "DELETE",
    path: "/v1/practices/{id}",
    url: ({ clientPractice }) => `/v1/practices/${clientPractice}`,
    expect: { anonymous: 401, client: 409, otherClient: 404, lawyer: 403, admin: 403 },
  },
  // takedown (ADR 021): the owner submits once, staff record; another service answers as an unknown one
  {
    method: "PATCH",
    path: "/v1/services/takedown/{id}/urls",
    url: ({ injunction }) => `/v1/services/takedown/${injunction}/urls`,
    body: { urls: ["https://example.org/contenuto"] },
    expect: { anonymous: 401, client: 404, otherClient: 404, lawyer: 403, admin: 403 },
  },
  {
    method: "GET",
    path: "/v1/services/takedown/{id}/notices",
    url: ({ injunction }) => `/v1/services/takedown/${injunction}/notices`,
    expect: signedIn(404),
  },
  {
    method: "GET",
    path: "/v1/services/takedown/{id}/notices/{noticeId}/pdf",
    url: ({ injunction }) => `/v1/services/takedown/${injunction}/notices/${injunction}/pdf`,
    expect: signedIn(404),
  },
  {
    method: "PATCH",
    path: "/v1/services/takedown/{id}/notices/{noticeId}",
    url: ({ injunction }) => `/v1/services/takedown/${injunction}/notices/${injunction}`,
    body: { sentVia: "modulo della piattaforma", answer: null, note: null },
    expect: { anonymous: 401, client: 403, otherClient: 404, lawyer: 404, admin: 404 },
  },
];

type OpenApiPaths = { paths: Record<string, Record<string, unknown>> };

/** The documented routes the table has no row for, and the rows for no documented route. */
function tableGaps(doc: OpenApiPaths) {
  const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
  const rows = new Set(TABLE.map((c) => `${c.method} ${c.path}`));
  return {
    withoutRow: documented.filter((route) => !rows.has(route)).sort(),
    rowWithoutRoute: [...rows].filter((row) => !documented.includes(row)).sort(),
  };
}

describe("authorization: every route × every caller", () => {
  let s: IdentityServer;
  const tokens: Partial<Record<Caller, string>> = {};
  /** Each signed-in caller's e-mail and password, for the rows that need a session of their own. */
  const credentials: Partial<Record<Caller, [string, string]>> = {};
  let otherClientId = "";
  let bystander = "";
  let clientPractice = "";
  let clientComment = "";
  let unclaimed = { ticketCode: "", claimKey: "" };
  let card = "";
  let clientOrder = "";
  let injunction = "";
  let defence = "";
  let legalization = "";
  let supportThread = "";
  let supportLine = "";
  const consultation = { id: "", token: "", freeSlot: "", startsAt: "" };
  const diary = { entry: "", attachment: "", revokedPractice: "", revokedEntry: "", dossier: "" };
  /** The support tokens of the visitor who opened supportThread, and of another visitor. */
  let supportToken = "";
  let otherVisitorToken = "";

  beforeAll(async () => {
    s = await startIdentityServer("pglite");
    const password = "Girasole-Lento-42";
    await fetch(`${s.base}/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        name: "Altra",
        lastname: "Cliente",
        email: "altra@example.org",
        password,
        privacyConsent: true,
      }),
    });
    await fetch(`${s.base}/v1/users/verification`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: await s.mailer.tokenIn("altra@example.org") }),
    });
    const accounts: [Caller, string, string][] = [
      ["client", "cliente@demo.argine.it", "Demo!Argine2026"],
      ["otherClient", "altra@example.org", password],
      ["lawyer", "avvocato@demo.argine.it", "Demo!Argine2026"],
      ["admin", "admin@demo.argine.it", "Demo!Argine2026"],
    ];
    for (const [caller, email, pwd] of accounts) {
      credentials[caller] = [email, pwd];
      tokens[caller] = (await signIn(s, email, pwd)).tokens?.access_token;
    }
    const me = await fetch(`${s.base}/v1/users/me`, {
      headers: { authorization: `Bearer ${tokens.otherClient}` },
    });
    otherClientId = ((await me.json()) as Me).id;
    bystander =
      (
        await createUser(s.handle.db, {
          email: "passante@example.org",
          name: "Passante",
          lastname: "Cliente",
          privacyConsent: true,
          marketingConsent: false,
        })
      )?.id ?? "";
    const created = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        answers: { category: "DEFAMATION", firstEventDate: "2026-11-01", lastEventDate: "2026-11-01" },
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    });
    const practice = (await created.json()) as { practiceId: string; claimToken: string };
    clientPractice = practice.practiceId;
    await fetch(`${s.base}/v1/practices/${clientPractice}/user`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${tokens.client}`, "content-type": "application/json" },
      body: JSON.stringify({ claimToken: practice.claimToken }),
    });
    const another = await fetch(`${s.base}/v1/feedback`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        answers: { category: "STALKING", firstEventDate: "2026-11-01", lastEventDate: "2026-11-02" },
        statementOfTruth: true,
        privacyAccepted: true,
      }),
    });
    const { ticketCode, claimKey } = (await another.json()) as { ticketCode: string; claimKey: string };
    unclaimed = { ticketCode, claimKey };
    const comment = await fetch(`${s.base}/v1/practices/${clientPractice}/comments`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.client}`, "content-type": "application/json" },
      body: JSON.stringify({ comment: "Ho trovato altri messaggi." }),
    });
    clientComment = ((await comment.json()) as { id: string }).id;
    card = await paymentMethod(s.app.deps, "succeeds");
    const bought = await fetch(`${s.base}/v1/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.client}`, "content-type": "application/json" },
      body: JSON.stringify({
        practiceId: clientPractice,
        items: ["DEFENCE", "INJUCTION"],
        invoice: TEST_BILLING,
        salesConditionsAccepted: true,
        withdrawalWaiverAccepted: true,
        idempotencyKey: "6f1c1a52-4a0e-4d7b-9a39-0b8f3c2d1e03",
        payment: { type: "STRIPE", code: JSON.stringify({ payment_method_id: card }) },
      }),
    });
    clientOrder = ((await bought.json()) as { order: { id: string } }).order.id;
    const detail = await fetch(`${s.base}/v1/practices/${clientPractice}`, {
      headers: { authorization: `Bearer ${tokens.client}` },
    });
    const bySort = ((await detail.json()) as PracticeDetail).services;
    const idOf = (type: string) => bySort.find((sv) => sv.serviceType === type)?.serviceId ?? "";
    injunction = idOf("INJUCTION");
    defence = idOf("DEFENCE");
    const sent = await uploadThroughApi(
      s.base,
      tokens.client ?? "",
      { serviceId: injunction, serviceType: "INJUCTION" },
      "prove.pdf",
      PDF_BYTES,
    );
    expect(sent.register?.status).toBe(200);
    // A capture's file for the archive's row (ADR 021): the capture itself is another part's.
    const [session] = await s.app.deps.db
      .insert(legalizationSessions)
      .values({
        serviceId: injunction,
        provider: "sandbox",
        providerSessionId: "tabella",
        state: "CLOSED",
        startedAt: new Date(),
        filesExpireAt: new Date(Date.now() + 365 * 24 * 3600_000),
      })
      .returning();
    await s.app.deps.storage.put("legalization/tabella/manifest.json", new TextEncoder().encode("{}"));
    await s.app.deps.db.insert(legalizationFiles).values({
      sessionId: session?.id as string,
      name: "manifest.json",
      storageKey: "legalization/tabella/manifest.json",
      contentType: "application/json",
      size: 2,
      sha256: "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a",
    });
    // A legalization of the client's own, not yet captured (the demo practice's capture has ended).
    const [capture] = await s.app.deps.db
      .insert(services)
      .values({ practiceId: clientPractice, serviceType: "LEGALIZATION" })
      .returning({ id: services.id });
    legalization = capture?.id ?? "";
    // Her diary: an entry with a screenshot in the shared practice, another in a practice shared then not.
    const client = tokens.client ?? "";
    diary.attachment = (await sendAttachment(s.base, client, "schermata.png", PNG_BYTES)).body.id;
    diary.entry = (
      await writeEntry(s.base, client, { practiceId: clientPractice, attachmentIds: [diary.attachment] })
    ).body.id;
    expect((await shareDiary(s.base, client, clientPractice, true)).status).toBe(200);
    diary.revokedPractice = (await findPracticeByTicketCode(s.handle.db, "AR-DEMO0006"))?.id ?? "";
    diary.revokedEntry = (await writeEntry(s.base, client, { practiceId: diary.revokedPractice })).body.id;
    await shareDiary(s.base, client, diary.revokedPractice, true);
    expect((await shareDiary(s.base, client, diary.revokedPractice, false)).body).toMatchObject({
      shared: false,
    });
    const dossier = await fetch(`${s.base}/v1/diary/dossiers`, {
      method: "POST",
      headers: { authorization: `Bearer ${client}`, "content-type": "application/json" },
      body: JSON.stringify({ practiceId: null }),
    });
    diary.dossier = ((await dossier.json()) as { id: string }).id;
    const visitor = await fetch(`${s.base}/v1/support/thread/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ text: "Ho bisogno di aiuto" }),
    });
    const opened = (await visitor.json()) as { threadId: string; token: string; messages: { id: string }[] };
    ({ threadId: supportThread, token: supportToken } = opened);
    supportLine = opened.messages[0]?.id ?? "";
    const otherVisitor = await fetch(`${s.base}/v1/support/thread/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({ text: "Anch'io ho una domanda" }),
    });
    otherVisitorToken = ((await otherVisitor.json()) as { token: string }).token;
    // A visitor's booking of a free slot, and another slot left free for the booking row.
    const { slots } = (await (await fetch(`${s.base}/v1/consultations/slots`)).json()) as {
      slots: { startsAt: string }[];
    };
    consultation.startsAt = slots[2]?.startsAt ?? "";
    consultation.freeSlot = slots[3]?.startsAt ?? "";
    const booked = await fetch(`${s.base}/v1/consultations`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify({
        name: "Anna Bianchi",
        email: "anna@example.org",
        phone: "3337654321",
        kind: "video",
        startsAt: consultation.startsAt,
        privacyAccepted: true,
      }),
    });
    expect(booked.status).toBe(201);
    const mailed = (await s.mailer.lastTo("anna@example.org"))?.text.match(/gestisci\?t=([\w.-]+)/);
    consultation.token = mailed?.[1] ?? "";
    // Her request, confirmed from the mail's link: a booked video call.
    const confirmed = await fetch(`${s.base}/v1/consultations/manage/confirm`, {
      method: "POST",
      headers: { [CONSULTATION_TOKEN_HEADER]: consultation.token, "x-forwarded-for": randomIp() },
    });
    consultation.id = ((await confirmed.json()) as { id: string }).id;
  });
  afterAll(() => s.close());

  it("covers every documented route", async () => {
    const doc = (await fetch(`${s.base}/v1/openapi.json`).then((r) => r.json())) as OpenApiPaths;
    expect(tableGaps(doc)).toEqual({ withoutRow: [], rowWithoutRoute: [] });
  });

  it("fails for a route added without a row", async () => {
    // A route registered the way every route is (a plugin under /v1), in an app of its own:
    // the document it publishes has a path the table does not know, and the check names it.
    const t = await startTestApp("pglite");
    try {
      await t.app.register(
        async (v1) => {
          v1.post("/practices/:id/nuova-azione", async () => ({}));
        },
        { prefix: "/v1" },
      );
      const doc = (await t.app.inject({ url: "/v1/openapi.json" })).json() as OpenApiPaths;
      expect(tableGaps(doc)).toEqual({
        withoutRow: ["POST /v1/practices/{id}/nuova-azione"],
        rowWithoutRoute: [],
      });
    } finally {
      await t.close();
    }
  });

  for (const c of TABLE) {
    it.each(CALLERS)(`${c.method} ${c.path} as %s`, async (caller) => {
      const token = tokens[caller];
      const ids: Ids = {
        otherClient: otherClientId,
        bystander,
        clientPractice,
        clientComment,
        unclaimed,
        card,
        clientOrder,
        injunction,
        defence,
        legalization,
        supportThread,
        supportLine,
        consultation,
        diary,
      };
      const body = typeof c.body === "function" ? c.body(ids) : c.body;
      const res = await fetch(`${s.base}${c.url(ids)}`, {
        method: c.method,
        headers: {
          accept: "application/json",
          "x-forwarded-for": randomIp(),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...c.headers?.(ids),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const again = c.endsSessions ? credentials[caller] : undefined;
      if (again) tokens[caller] = (await signIn(s, ...again)).tokens?.access_token;
      expect(res.status).toBe(c.expect[caller]);
    });
  }

  // The live socket (ADR 030) is outside the OpenAPI document (@fastify/websocket hides its routes), so its
  // rows are here: who may open it, and what a subscription gets: the conversation's messages, or the error
  // code (a message is written through HTTP, whose rows are above). Beside the signed-in callers, the visitor
  // who opened the support thread and another visitor, each with their own token.
  type SocketCaller = Exclude<Caller, "anonymous"> | "visitor" | "otherVisitor";
  const SOCKET_CALLERS: SocketCaller[] = [
    "client",
    "otherClient",
    "lawyer",
    "admin",
    "visitor",
    "otherVisitor",
  ];
  const SOCKET: {
    frame: string;
    on: string;
    conversation: () => Record<string, string>;
    expect: Record<SocketCaller, string>;
  }[] = [
    {
      frame: "subscribe",
      on: "the client's practice",
      conversation: () => ({ practiceId: clientPractice }),
      expect: {
        client: "messages",
        otherClient: "NOT_FOUND",
        lawyer: "messages",
        admin: "messages",
        visitor: "NOT_FOUND",
        otherVisitor: "NOT_FOUND",
      },
    },
    {
      frame: "subscribe",
      on: "the visitor's support thread",
      conversation: () => ({ supportThreadId: supportThread }),
      expect: {
        client: "NOT_FOUND",
        otherClient: "NOT_FOUND",
        lawyer: "messages",
        admin: "messages",
        visitor: "messages",
        otherVisitor: "NOT_FOUND",
      },
    },
  ];

  // Each socket from an address of its own, as the HTTP rows are: the upgrades are limited per address.
  const openAs = (caller: SocketCaller) =>
    caller === "visitor" || caller === "otherVisitor"
      ? openSocket(
          s.base,
          caller === "visitor" ? supportToken : otherVisitorToken,
          SUPPORT_PROTOCOL_PREFIX,
          randomIp(),
        )
      : openSocket(s.base, tokens[caller] ?? "", BEARER_PROTOCOL_PREFIX, randomIp());

  it("opens the live socket only for a signed-in caller or a visitor with a thread's token", async () => {
    expect(await upgradeStatus(s.base, [LIVE_PROTOCOL])).toBe(401);
    expect(await upgradeStatus(s.base, [LIVE_PROTOCOL, `${SUPPORT_PROTOCOL_PREFIX}not-a-token`])).toBe(401);
    expect(await upgradeStatus(s.base, [LIVE_PROTOCOL, `${SUPPORT_PROTOCOL_PREFIX}${supportToken}`])).toBe(
      101,
    );
    for (const caller of CALLERS.filter((c) => c !== "anonymous"))
      expect(await upgradeStatus(s.base, [LIVE_PROTOCOL, `${BEARER_PROTOCOL_PREFIX}${tokens[caller]}`])).toBe(
        101,
      );
  });

  for (const row of SOCKET) {
    it.each(SOCKET_CALLERS)(`the live socket's ${row.frame} on ${row.on} as %s`, async (caller) => {
      const live = await openAs(caller);
      try {
        live.send({ type: row.frame, conversation: row.conversation(), after: null });
        const answer = await live.next((frame): frame is ServerFrame => true);
        expect(answer.type === "error" ? answer.code : answer.type).toBe(row.expect[caller]);
      } finally {
        live.socket.close();
      }
    });
  }

  // "typing" reaches the other side of a conversation only from a socket allowed into it: each caller subscribes
  // (refused where it may not) and types; a socket of the other side, already subscribed, listens. The client
  // listens for staff, the lawyer for everyone else (a side never hears itself).
  const TYPING: { on: string; conversation: () => Record<string, string>; allowed: SocketCaller[] }[] = [
    {
      on: "the client's practice",
      conversation: () => ({ practiceId: clientPractice }),
      allowed: ["client", "lawyer", "admin"],
    },
    {
      on: "the visitor's support thread",
      conversation: () => ({ supportThreadId: supportThread }),
      allowed: ["visitor", "lawyer", "admin"],
    },
  ];
  const isTyping = ((frame: ServerFrame) => frame.type === "typing") as (
    frame: ServerFrame,
  ) => frame is Extract<ServerFrame, { type: "typing" }>;
  for (const row of TYPING) {
    it.each(SOCKET_CALLERS)(`the live socket's typing on ${row.on} as %s`, async (caller) => {
      const staff = caller === "lawyer" || caller === "admin";
      const listenerCaller: SocketCaller = staff
        ? "supportThreadId" in row.conversation()
          ? "visitor"
          : "client"
        : "lawyer";
      const listener = await openAs(listenerCaller);
      const typer = await openAs(caller);
      try {
        listener.send({ type: "subscribe", conversation: row.conversation(), after: null });
        await listener.next((frame): frame is ServerFrame => frame.type === "messages");
        typer.send({ type: "subscribe", conversation: row.conversation(), after: null });
        await typer.next(
          (frame): frame is ServerFrame => frame.type === "messages" || frame.type === "error",
        );
        typer.send({ type: "typing", conversation: row.conversation() });
        const heard = await listener
          .next(isTyping, 1_500)
          .then(() => true)
          .catch(() => false);
        expect(heard).toBe(row.allowed.includes(caller));
      } finally {
        listener.socket.close();
        typer.socket.close();
      }
    });
  }

  // "unsubscribe" and "unwatch" take nothing away from anyone else: the caller's own socket stops hearing, and
  // one never subscribed (a foreign conversation) changes nothing and gets no error.
  it.each(SOCKET_CALLERS)(
    "the live socket's unsubscribe from the client's practice, and unwatch, as %s",
    async (caller) => {
      const live = await openAs(caller);
      const owner = await openAs("client");
      try {
        const conversation = { practiceId: clientPractice };
        live.send({ type: "watch" });
        live.send({ type: "subscribe", conversation, after: null });
        await live.next((frame): frame is ServerFrame => frame.type === "messages" || frame.type === "error");
        live.send({ type: "unsubscribe", conversation });
        live.send({ type: "unwatch" });
        // The owner's own socket still hears the line: unsubscribing was the caller's alone.
        owner.send({ type: "subscribe", conversation, after: null });
        await owner.next(isMessages(clientPractice));
        const posted = await fetch(`${s.base}/v1/practices/${clientPractice}/comments`, {
          method: "POST",
          headers: { authorization: `Bearer ${tokens.client}`, "content-type": "application/json" },
          body: JSON.stringify({ comment: `Dopo l'uscita di ${caller}.` }),
        });
        expect(posted.status).toBe(201);
        await owner.next(isMessages(clientPractice));
        const heard = await live
          .next(
            (frame): frame is ServerFrame =>
              frame.type === "messages" || frame.type === "activity" || frame.type === "error",
            1_000,
          )
          .then(() => true)
          .catch(() => false);
        expect(heard).toBe(false);
        expect(live.socket.readyState).toBe(WebSocket.OPEN);
      } finally {
        live.socket.close();
        owner.socket.close();
      }
    },
  );

  // Every frame a client may send has rows above: a new frame type without them fails here.
  it("has rows for every frame the socket takes", () => {
    const covered = new Set([...SOCKET.map((row) => row.frame), "watch", "typing", "unsubscribe", "unwatch"]);
    const frames = ClientFrameSchema.options.map((option) => option.shape.type.value);
    expect(frames.filter((frame) => !covered.has(frame))).toEqual([]);
  });

  // The staff's inbox, live: a watching socket hears of a visitor's new line only if its caller is staff.
  // A line in the client's own case after it shows each socket has had its turn.
  it.each(SOCKET_CALLERS)("the live socket's watch hears of the support inbox as %s", async (caller) => {
    const live = await openAs(caller);
    try {
      live.send({ type: "watch" });
      live.send({ type: "subscribe", conversation: { supportThreadId: supportThread }, after: null });
      await live.next((frame): frame is ServerFrame => frame.type === "messages" || frame.type === "error");
      await fetch(`${s.base}/v1/support/thread/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-forwarded-for": randomIp(),
          [SUPPORT_TOKEN_HEADER]: otherVisitorToken,
        },
        body: JSON.stringify({ text: "Ci siete?" }),
      });
      const heard = live
        .next((frame): frame is ServerFrame => frame.type === "activity", 1_500)
        .then(() => true)
        .catch(() => false);
      expect(await heard).toBe(caller === "lawyer" || caller === "admin");
    } finally {
      live.socket.close();
    }
  });
});
