import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import { createContext, useContext } from "react";
import { apiClient } from "../../shared/http/api-client.ts";
import { AUTH_CONFIG_PATH, isAuthConfig } from "./auth-config.ts";
import type { JwtClaims } from "./jwt.ts";
import { CALLBACK_PATH } from "./login-request.ts";
import { createOidcClient, type OidcClient } from "./oidc-client.ts";
import { OidcError } from "./oidc-errors.ts";

/** The app's one OpenID Connect client, signing in with the provider named by GET /v1/auth/config. */
export const oidcClient: OidcClient = createOidcClient({
  loadConfig: async () => {
    const body = await apiClient.get<unknown>(AUTH_CONFIG_PATH, { auth: false });
    if (!isAuthConfig(body)) throw new OidcError("invalid_response", AUTH_MESSAGES.providerUnavailable);
    return body;
  },
});

// Every authenticated API call asks the session for its bearer token (reused, or renewed silently).
apiClient.setAccessTokenGetter(() => oidcClient.getAccessToken());

/**
 * The page's session check, started when the shell's code first runs in the browser, before React hydrates
 * and before the route's own code has loaded: its round trips (the provider's config, its discovery, the
 * renewal) overlap those of the scripts instead of following them (issue 41, docs/performance-phone.md).
 * AuthProvider takes it once; /callback finishes its own check.
 */
let firstSessionCheck: Promise<JwtClaims | null> | null =
  typeof window !== "undefined" && window.location.pathname !== CALLBACK_PATH ? oidcClient.restore() : null;

/** The check started at load, once; null afterwards (or in a test, or on /callback). */
export function takeFirstSessionCheck(): Promise<JwtClaims | null> | null {
  const check = firstSessionCheck;
  firstSessionCheck = null;
  return check;
}

/** The OIDC client used by the auth pages; tests provide their own. */
export const OidcClientContext = createContext<OidcClient>(oidcClient);

export function useOidcClient(): OidcClient {
  return useContext(OidcClientContext);
}
