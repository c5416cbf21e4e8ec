import { type Clock, now } from "../clock.ts";
import type { Config } from "../config.ts";
import { type StripeEvent, stripeSignature } from "./stripe-events.ts";

// The delivery of the sandbox's events (the "sandbox-event" queue): what Stripe does for its own, a POST of
// the event's JSON to the app's webhook, signed at each attempt with the time of that attempt (a retry an hour
// later still passes the webhook's 5-minute tolerance). Anything but a 2xx answer throws: the job queue tries
// again with backoff, then dead-letters it.

const DELIVERY_TIMEOUT_MS = 10_000;

/** The queue's handler (a Deps fits). */
export async function deliverSandboxEvent(
  deps: { config: Pick<Config, "payments">; clock: Clock },
  { event }: { event: StripeEvent },
): Promise<void> {
  const payments = deps.config.payments;
  // A queue left from a sandbox on a database now served without one: there is no webhook to post to.
  if (payments.provider !== "sandbox") return;
  const body = JSON.stringify(event);
  const timestamp = Math.floor(now(deps.clock).getTime() / 1000);
  const response = await fetch(payments.webhookUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": stripeSignature(payments.webhookSecret, body, timestamp),
    },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the webhook answered ${response.status} to ${event.type}`);
}
