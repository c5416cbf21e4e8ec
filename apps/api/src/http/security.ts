import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { CspSources } from "./csp.ts";

/** A header's name and value, as every kind of answer carries them. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * Features a page could ask the browser for and ours never do. `payment` is left only to the frames an
 * adapter declares (Stripe's card field and 3-D Secure, payments/stripe-provider.ts): a bank's challenge
 * inside them may ask for the Payment Request API (Secure Payment Confirmation); our own pages never do.
 * Clipboard writes (the copy buttons) and fullscreen keep their defaults.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "usb",
];

/**
 * What an answer carries unless its route says otherwise: `no-store`. Every API answer may hold personal data
 * (a case, a message, an error naming an account), so none is kept by a browser or a proxy unless its route
 * sets its own caching (the logout script). The site's files set theirs in web/static.ts: hashed assets are
 * immutable, pages `no-cache`, the dashboard's among them, which are the same shell for everyone and fetch
 * the person's data through the API; the downloads set `no-store` themselves (http/send-file.ts).
 */
const DEFAULT_CACHE_CONTROL = "no-store";

/** The two sets of security headers, each with the default caching: every answer carries one (ADR 047). */
export interface SecurityHeaderSets {
  /** A document's: a page, the provider's screens, a download, anything but JSON. */
  document: SecurityHeaders;
  /** A JSON answer's: what can matter for a body that is never run nor rendered as a page. */
  api: SecurityHeaders;
}

/**
 * The headers of every answer, whatever answers it: our routes and pages, the framework's refusals before
 * routing (http/errors.ts) and the ones written on the socket by hand. Built once at boot, so that no path
 * of the server can send a different set (helmet's onRequest hook covered only what reached a route).
 * A document's: scripts only from our origin (no 'unsafe-inline' nor 'unsafe-eval'; a prerendered page adds
 * the hashes of its own inline scripts, web/static.ts); no inline styles; nothing may frame us or set a base
 * URL. A JSON answer's: it may load nothing and be framed by nobody, is never sniffed into a page, is read
 * by our origin only, and names no referrer; the headers that only a document obeys (the features it may
 * ask for, its window's opener, its prefetches, the old XSS auditor's) are left out (ADR 047).
 */
export function securityHeaders(config: Config, adapters: CspSources[]): SecurityHeaderSets {
  const production = config.env === "production";
  // Each adapter's browser side (a payment form, an upload) adds its own origins, and nothing else does.
  const extra = (directive: keyof CspSources) => adapters.flatMap((a) => a[directive] ?? []);
  const frames = extra("frameSrc");
  const csp: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...extra("scriptSrc")]],
    ["style-src", ["'self'"]],
    ["img-src", ["'self'", "data:", ...extra("imgSrc")]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...extra("connectSrc")]],
    ["frame-ancestors", ["'none'"]],
    ["frame-src", frames.length ? frames : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'self'"]],
    ["manifest-src", ["'self'"]],
    ["worker-src", ["'self'"]],
    ...(production ? [["upgrade-insecure-requests", []] as [string, string[]]] : []),
  ];
  const permissions = [
    ...DENIED_FEATURES.map((feature) => `${feature}=()`),
    `payment=(${frames.map((origin) => `"${origin}"`).join(" ")})`,
  ];
  const both = {
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    // frame-ancestors for the browsers that predate it.
    "x-frame-options": "DENY",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": DEFAULT_CACHE_CONTROL,
    ...(production ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
  return {
    document: {
      // The same text as helmet wrote ("name value;name value"): web/static.ts edits its script-src.
      "content-security-policy": csp.map(([name, values]) => [name, ...values].join(" ")).join(";"),
      "permissions-policy": permissions.join(", "),
      ...both,
      "cross-origin-opener-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-permitted-cross-domain-policies": "none",
      // The old XSS auditors did more harm than good: off, as helmet sets it.
      "x-xss-protection": "0",
    },
    api: { "content-security-policy": "default-src 'none';frame-ancestors 'none'", ...both },
  };
}

/** Whether an answer of this content type is a JSON answer, which carries the API's set of headers. */
export function isJsonAnswer(contentType: unknown): boolean {
  return typeof contentType === "string" && contentType.startsWith("application/json");
}

export async function registerSecurity(app: FastifyInstance, config: Config, headers: SecurityHeaderSets) {
  const api = Object.entries(headers.api);
  const document = Object.entries(headers.document);
  // Every answer Fastify sends, a route's, a refusal's or a page's: what the route set itself wins. The
  // answers written without Fastify's reply (the OpenID provider's Koa app under /oidc) get the document's
  // set on the raw response before it writes (app.ts).
  app.addHook("onSend", (_request, reply, payload, done) => {
    for (const [name, value] of isJsonAnswer(reply.getHeader("content-type")) ? api : document)
      if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
  await app.register(cors, {
    // Allow-list only; same-origin requests carry no Origin to check.
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
}
