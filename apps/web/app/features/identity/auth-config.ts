import type { AuthConfig } from "@argine/core/identity/users-api";

/** GET /v1/auth/config: the provider the app signs in with. */
export const AUTH_CONFIG_PATH = "/v1/auth/config";

/**
 * The shape of GET /v1/auth/config (AuthConfigSchema in core), checked by hand: this module loads with every
 * page and with the login page's inline start (early-login.ts), and the schema would bring the whole
 * validation library with it.
 */
export function isAuthConfig(value: unknown): value is AuthConfig {
  if (typeof value !== "object" || value === null) return false;
  const { issuer, clientId, audience, scope, embedded, idleSignOutSeconds, authorizationEndpoint } =
    value as Record<string, unknown>;
  return (
    typeof issuer === "string" &&
    issuer !== "" &&
    typeof clientId === "string" &&
    clientId !== "" &&
    typeof audience === "string" &&
    typeof scope === "string" &&
    typeof embedded === "boolean" &&
    typeof idleSignOutSeconds === "number" &&
    idleSignOutSeconds > 0 &&
    (authorizationEndpoint === undefined || typeof authorizationEndpoint === "string")
  );
}
