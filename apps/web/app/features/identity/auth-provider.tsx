import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { useAppState, useAppStateStore } from "../../shared/async/app-state.ts";
import { writeUserData } from "../../shared/store/browser-storage.ts";
import { OidcClientContext, oidcClient } from "./auth-session.ts";
import { CALLBACK_PATH } from "./login-request.ts";
import { meQueryOptions } from "./me-queries.ts";
import type { OidcClient } from "./oidc-client.ts";
import { userFromClaims, userFromMe } from "./session-user.ts";

/**
 * Runs the session check once the page is in the browser (spec §4: unknown → authenticated or not), keeps
 * the signed-in user in app state fresh from GET /v1/users/me, and signs the app out when the provider
 * refuses a renewal. On /callback the callback page finishes the check itself.
 */
export function AuthProvider({
  children,
  client = oidcClient,
}: {
  children: ReactNode;
  client?: OidcClient;
}) {
  const appState = useAppStateStore();
  const queryClient = useQueryClient();
  const authenticated = useAppState((state) => state.authStatus === "authenticated");

  useEffect(() => {
    if (window.location.pathname === CALLBACK_PATH) return;
    let active = true;
    void client.restore().then((claims) => {
      if (!active) return;
      const user = claims ? userFromClaims(claims) : null;
      if (user) appState.setAuthenticated(user);
      else appState.setAnonymous();
    });
    return () => {
      active = false;
    };
  }, [client, appState]);

  useEffect(
    () =>
      client.onSessionEnd(() => {
        appState.setAnonymous();
        queryClient.clear();
      }),
    [client, appState, queryClient],
  );

  const me = useQuery({ ...meQueryOptions(), enabled: authenticated });
  useEffect(() => {
    if (!me.data) return;
    const user = userFromMe(me.data);
    appState.updateUser(user);
    writeUserData({ id: user.id, name: user.name });
  }, [me.data, appState]);

  return <OidcClientContext.Provider value={client}>{children}</OidcClientContext.Provider>;
}
