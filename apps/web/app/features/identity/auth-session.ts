import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import { createContext, useContext } from "react";
import { apiClient } from "../../shared/http/api-client.ts";
import { AUTH_CONFIG_PATH, isAuthConfig } from "./auth-config.ts";
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

/** The OIDC client used by the auth pages; tests provide their own. */
export const OidcClientContext = createContext<OidcClient>(oidcClient);

export function useOidcClient(): OidcClient {
  return useContext(OidcClientContext);
}
