import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A loopback stand-in for api.stripe.com (no internet here), answering the calls the Stripe provider and the
// Stripe.js stand-in of the e2e journeys make, as Stripe's test mode does: form-encoded bodies, the secret key
// as bearer, an Idempotency-Key replaying the first answer (errors too) to a request with the same parameters
// and refusing one with others (400 idempotency_error), an intent confirmed with the payment method given
// then or at its creation, Stripe's test payment methods deciding the outcome. Stripe's own test ids and
// numbers:
//   pm_card_visa (4242 4242 4242 4242) succeeds; pm_card_threeDSecure2Required (4000 0027 6000 3184) waits
//   for 3-D Secure (requires_action, next_action use_stripe_sdk); pm_card_chargeDeclined (4000 0000 0000 0002)
//   and pm_card_visa_chargeDeclinedInsufficientFunds (4000 0000 0000 9995) are refused with a 402 card_error
//   carrying the intent. A challenge is answered with authenticate(), or POST
//   /v1/payment_intents/{id}/authenticate from the page's stand-in: approved, the intent pays at once (Stripe's
//   automatic confirmation after the card action); refused, it is left in requires_payment_method.

export const STRIPE_TEST_KEYS = {
  secretKey: "sk_test_argineLoopback0000000000",
  publishableKey: "pk_test_argineLoopback0000000000",
  webhookSecret: "whsec_argineLoopbackSigningSecret",
} as const;

type Outcome = "succeeds" | "three_d_secure" | { code: string; decline_code?: string };

const PAYMENT_METHODS: Record<string, Outcome> = {
  pm_card_visa: "succeeds",
  pm_card_threeDSecure2Required: "three_d_secure",
  pm_card_chargeDeclined: { code: "card_declined", decline_code: "generic_decline" },
  pm_card_visa_chargeDeclinedInsufficientFunds: { code: "card_declined", decline_code: "insufficient_funds" },
};

/** The card numbers the page's stand-in turns into the payment methods above. */
const CARD_NUMBERS: Record<string, string> = {
  "4242424242424242": "pm_card_visa",
  "4000002760003184": "pm_card_threeDSecure2Required",
  "4000000000000002": "pm_card_chargeDeclined",
  "4000000000009995": "pm_card_visa_chargeDeclinedInsufficientFunds",
};

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  confirmation_method: "automatic";
  metadata: Record<string, string>;
  payment_method: string | null;
  last_payment_error: { type: "card_error"; code: string; decline_code?: string; message: string } | null;
  next_action: { type: "use_stripe_sdk"; use_stripe_sdk: Record<string, string> } | null;
  created: number;
  livemode: false;
}

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

export interface StripeFake {
  /** STRIPE_API_URL for the app: http://127.0.0.1:<port>. */
  url: string;
  port: number;
  intents: Map<string, FakeIntent>;
  /** Every API request, in order (form body parsed). */
  requests: FakeRequest[];
  /** The person's answer to the 3-D Secure challenge of an intent in requires_action. */
  authenticate(intentId: string, approve: boolean): FakeIntent;
  /** A webhook event's JSON for the intent as it now is, as Stripe posts it. */
  event(type: string, intentId: string): string;
  /**
   * Stripe in trouble (issue 39's fault drill): `500` answers every API call with Stripe's api_error before
   * any of it is worked (so nothing is replayed by its key afterwards); `hang` reads a call and never answers
   * it (a connection that stays open), until the fault ends, when it is cut. `null`: answering again.
   */
  fault: "500" | "hang" | null;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}${randomBytes(12).toString("hex")}`;

function stripeError(status: number, error: Record<string, unknown>) {
  return { status, body: { error } };
}

type Answer = { status: number; body: unknown };

/** Starts the fake on `port` (0: any free one). */
/** `keys`: the account's keys it accepts (a rehearsal's own, scripts/rehearsal/doubles.ts; the tests' by default). */
export async function startStripeFake(
  port = 0,
  keys: { secretKey: string; publishableKey: string } = STRIPE_TEST_KEYS,
): Promise<StripeFake> {
  const intents = new Map<string, FakeIntent>();
  const refunded = new Map<string, number>();
  const replays = new Map<string, { body: string; answer: Answer }>();
  const requests: FakeRequest[] = [];
  const now = () => Math.floor(Date.now() / 1000);
  let fault: StripeFake["fault"] = null;
  const held = new Set<ServerResponse>();

  function refuse(intent: FakeIntent, error: { code: string; decline_code?: string }): Answer {
    intent.status = "requires_payment_method";
    intent.next_action = null;
    intent.last_payment_error = { type: "card_error", ...error, message: "Your card was declined." };
    return stripeError(402, {
      type: "card_error",
      ...error,
      message: "Your card was declined.",
      payment_intent: intent,
    });
  }

  /** Confirms with the intent's payment method: paid, a challenge, or refused with the intent inside. */
  function confirm(intent: FakeIntent): Answer {
    const outcome = PAYMENT_METHODS[intent.payment_method ?? ""];
    if (!outcome)
      return stripeError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "payment_method",
        message: `No such PaymentMethod: '${intent.payment_method}'`,
      });
    if (outcome === "succeeds") {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      return { status: 200, body: intent };
    }
    if (outcome === "three_d_secure") {
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } };
      return { status: 200, body: intent };
    }
    return refuse(intent, outcome);
  }

  const unexpectedState = (intent: FakeIntent): Answer =>
    stripeError(400, {
      type: "invalid_request_error",
      code: "payment_intent_unexpected_state",
      message: `This PaymentIntent's status is ${intent.status}.`,
      payment_intent: intent,
    });

  function handle(request: FakeRequest): Answer {
    const { method, path, form } = request;
    // Stripe.js sends its publishable key as the form's `key` (a simple request, no CORS preflight).
    const publishable =
      request.authorization === `Bearer ${keys.publishableKey}` || form.get("key") === keys.publishableKey;
    const secret = request.authorization === `Bearer ${keys.secretKey}`;
    if (!secret && !publishable)
      return stripeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" });

    // Stripe.js's calls, with the publishable key.
    if (method === "POST" && path === "/v1/payment_methods") {
      const pm = CARD_NUMBERS[(form.get("card[number]") ?? "").replace(/\D/g, "")];
      if (!pm)
        return stripeError(402, {
          type: "card_error",
          code: "incorrect_number",
          message: "Your card number is incorrect.",
        });
      return {
        status: 200,
        body: { id: pm, object: "payment_method", type: "card", card: { brand: "visa" } },
      };
    }
    const authenticate = /^\/v1\/payment_intents\/([\w]+)\/authenticate$/.exec(path);
    if (method === "POST" && authenticate) {
      const intent = intents.get(authenticate[1] ?? "");
      if (!intent || form.get("client_secret") !== intent.client_secret)
        return stripeError(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: "No such intent",
        });
      if (intent.status !== "requires_action") return unexpectedState(intent);
      return { status: 200, body: answerChallenge(intent, form.get("approve") !== "false") };
    }
    if (!secret)
      return stripeError(401, { type: "invalid_request_error", message: "This call needs a secret key" });

    if (method === "POST" && path === "/v1/payment_intents") {
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const name = /^metadata\[(.+)\]$/.exec(key)?.[1];
        if (name) metadata[name] = value;
      }
      const intentId = id("pi_");
      const intent: FakeIntent = {
        id: intentId,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        amount_received: 0,
        currency: form.get("currency") ?? "",
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
        confirmation_method: "automatic",
        metadata,
        payment_method: form.get("payment_method"),
        last_payment_error: null,
        next_action: null,
        created: now(),
        livemode: false,
      };
      intents.set(intentId, intent);
      if (form.get("confirm") !== "true") return { status: 200, body: intent };
      return confirm(intent);
    }
    const match = /^\/v1\/payment_intents\/([\w]+)(\/confirm|\/cancel)?$/.exec(path);
    const intent = match ? intents.get(match[1] ?? "") : undefined;
    if (match && !intent)
      return stripeError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${match[1]}'`,
      });
    if (intent && method === "GET" && !match?.[2]) return { status: 200, body: intent };
    if (intent && method === "POST" && match?.[2] === "/confirm") {
      if (intent.status === "succeeded" || intent.status === "canceled") return unexpectedState(intent);
      if (intent.status === "requires_action") return { status: 200, body: intent };
      const given = form.get("payment_method");
      if (given) intent.payment_method = given;
      return confirm(intent);
    }
    if (intent && method === "POST" && match?.[2] === "/cancel") {
      if (intent.status === "succeeded" || intent.status === "canceled") return unexpectedState(intent);
      intent.status = "canceled";
      intent.next_action = null;
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const paid = intents.get(form.get("payment_intent") ?? "");
      if (paid?.status !== "succeeded")
        return stripeError(400, {
          type: "invalid_request_error",
          message: "This PaymentIntent has no charge to refund",
        });
      const amount = Number(form.get("amount") ?? paid.amount);
      const done = refunded.get(paid.id) ?? 0;
      if (done >= paid.amount)
        return stripeError(400, {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: "Refunded",
        });
      if (done + amount > paid.amount)
        return stripeError(400, {
          type: "invalid_request_error",
          code: "amount_too_large",
          message: "Too large",
        });
      refunded.set(paid.id, done + amount);
      return {
        status: 200,
        body: {
          id: id("re_"),
          object: "refund",
          amount,
          payment_intent: paid.id,
          status: "succeeded",
          created: now(),
        },
      };
    }
    return stripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  function answerChallenge(intent: FakeIntent, approve: boolean): FakeIntent {
    if (approve) {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.next_action = null;
    } else {
      refuse(intent, { code: "payment_intent_authentication_failure" });
    }
    return intent;
  }

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://stripe.test");
      const request: FakeRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        authorization: String(incoming.headers.authorization ?? ""),
        idempotencyKey: incoming.headers["idempotency-key"] as string | undefined,
        form: new URLSearchParams(
          incoming.method === "GET" ? url.search : Buffer.concat(chunks).toString("utf8"),
        ),
      };
      // The page's stand-in calls from the browser (through the e2e's route): CORS as Stripe answers it.
      const cors = { "access-control-allow-origin": "*", "access-control-allow-headers": "*" };
      if (request.method === "OPTIONS") return response.writeHead(204, cors).end();
      // Playwright's readiness check.
      if (request.method === "GET" && request.path === "/") return response.writeHead(200, cors).end("ok");
      if (fault === "hang") {
        held.add(response);
        response.on("close", () => held.delete(response));
        return;
      }
      if (fault === "500")
        return response
          .writeHead(500, { "content-type": "application/json", "request-id": id("req_"), ...cors })
          .end(JSON.stringify({ error: { type: "api_error", message: "An unknown error occurred" } }));
      requests.push(request);
      const replayKey = request.idempotencyKey && `${request.authorization} ${request.idempotencyKey}`;
      const body = `${request.method} ${request.path} ${request.form.toString()}`;
      const first = replayKey ? replays.get(replayKey) : undefined;
      // Stripe keeps the first answer of a key, errors included, and replays it to the same request only.
      const answer: Answer = !first
        ? handle(request)
        : first.body === body
          ? first.answer
          : stripeError(400, {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            });
      if (replayKey && !first && request.method === "POST" && answer.status !== 401)
        replays.set(replayKey, { body, answer });
      response
        .writeHead(answer.status, { "content-type": "application/json", "request-id": id("req_"), ...cors })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    intents,
    requests,
    authenticate(intentId, approve) {
      const intent = intents.get(intentId);
      if (intent?.status !== "requires_action") throw new Error(`${intentId} waits for no challenge`);
      return answerChallenge(intent, approve);
    },
    event(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return JSON.stringify({
        id: id("evt_"),
        object: "event",
        type,
        api_version: "2026-10-28.endive",
        created: now(),
        livemode: false,
        data: { object: intent },
      });
    },
    get fault() {
      return fault;
    },
    set fault(next) {
      fault = next;
      if (next === "hang") return;
      for (const response of held) response.destroy();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
