import { index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns.ts";

// The embedded OpenID provider's storage, read and written through queries/oidc.ts.

/** The embedded OpenID provider's state: sessions, grants, codes, refresh tokens, interactions. */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    type: text("type").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    grantId: text("grant_id"),
    userCode: text("user_code"),
    uid: text("uid"),
    expiresAt: timestamptz("expires_at"),
    consumedAt: timestamptz("consumed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.id] }),
    index("oidc_payloads_grant_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.uid),
    index("oidc_payloads_expires_idx").on(t.expiresAt),
  ],
);

/** What a key row holds: a JWK the provider signs tokens with, or a secret it signs its cookies with. */
export type OidcKeyKind = "signing" | "cookie";

/** Signing keys (JWK with private part) and cookie secrets of the embedded provider; newest first signs. */
export const oidcKeys = pgTable("oidc_keys", {
  kid: text("kid").primaryKey(),
  kind: text("kind").$type<OidcKeyKind>().notNull(),
  material: jsonb("material").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});
