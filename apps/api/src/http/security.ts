import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import type { CspSources } from "./csp.ts";

/**
 * Helmet with a strict CSP: scripts only from our origin (no 'unsafe-inline'; a prerendered page adds the
 * hashes of its own inline scripts, web/static.ts); no inline styles; nothing may frame us.
 */
export async function registerSecurity(app: FastifyInstance, config: Config, adapters: CspSources[]) {
  const production = config.env === "production";
  // Each adapter's browser side (a payment form, an upload) adds its own origins, and nothing else does.
  const extra = (directive: keyof CspSources) => adapters.flatMap((a) => a[directive] ?? []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra("scriptSrc")],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", "data:", ...extra("imgSrc")],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...extra("connectSrc")],
        frameAncestors: ["'none'"],
        frameSrc: extra("frameSrc").length ? extra("frameSrc") : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    // Allow-list only; same-origin requests carry no Origin to check.
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: true,
    methods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
}
