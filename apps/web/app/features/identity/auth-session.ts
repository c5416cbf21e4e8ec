import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import type { AuthConfig } from "@argine/core/identity/users-api";
import { createContext, useContext } from "react";
import { apiClient } from "../../shared/http/api-client.ts";
import { createOidcClient, type OidcClient } from "./oidc-client.ts";
import { OidcError } from "./oidc-errors.ts";

/**
 * The shape of GET /v1/auth/config (AuthConfigSchema in core), checked by hand: this module loads with every
 * page, and the schema would bring the whole validation library into the public pages' first load.
 */
export function isAuthConfig(value: unknown): value is AuthConfig {
  if (typeof value !== "object" || value === null) return false;
  const { issuer, clientId, audience, scope, embedded, idleSignOutSeconds } = value as Record<
    string,
    unknown
  >;
  return (
    typeof issuer === "string" &&
    issuer !== "" &&
    typeof clientId === "string" &&
    clientId !== "" &&
    typeof audience === "string" &&
    typeof scope === "string" &&
    typeof embedded === "boolean" &&
    typeof idleSignOutSeconds === "number" &&
    idleSignOutSeconds > 0
  );
}

/** The app's one OpenID Connect client, signing in with the provider named by GET /v1/auth/config. */
export const oidcClient: OidcClient = createOidcClient({
  loadConfig: async () => {
    const body = await apiClient.get<unknown>("/v1/auth/config", { auth: false });
    if (!isAuthConfig(body)) throw new OidcError("invalid_response", AUTH_MESSAGES.providerUnavailable);
    return body;
  },
});

// Every authenticated API call asks the session for its bearer token (reused, or renewed silently).
apiClient.setAccessTokenGetter(() => oidcClient.getAccessToken());

/** The OIDC client used by the auth pages; tests provide their own. */
export const OidcClientContext = createContext<OidcClient>(oidcClient);

export function useOidcClient(): OidcClient {
  return useContext(OidcClientContext);
}
