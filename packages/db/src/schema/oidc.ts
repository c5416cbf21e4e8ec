import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "./columns.ts";
import { users } from "./identity.ts";

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

/**
 * The signed-in devices the profile lists: one row per grant of the embedded provider (one sign-in of one
 * browser), with the user agent and the last time its tokens were issued. The provider's own payloads carry
 * neither. A row whose grant is gone is an ended session: the list joins on the grant, and ending one deletes
 * its row with the grant (queries/oidc.ts).
 */
export const oidcDevices = pgTable(
  "oidc_devices",
  {
    id: id(),
    grantId: text("grant_id").notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent").notNull(),
    signedInAt: timestamptz("signed_in_at").notNull().defaultNow(),
    lastUsedAt: timestamptz("last_used_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("oidc_devices_grant_key").on(t.grantId),
    index("oidc_devices_account_idx").on(t.accountId),
  ],
);
