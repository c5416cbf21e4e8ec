import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAppStateStore } from "../../shared/async/app-state.ts";
import { clearAllLocalKeys } from "../../shared/store/browser-storage.ts";
import { StatusRegion } from "../../shared/ui/form-field.tsx";
import { AccountLayout } from "./account-layout.tsx";
import { useOidcClient } from "./auth-session.ts";

/**
 * /logout: forgets the tokens and the local keys (all but debugMode) and the cached data, revokes the
 * refresh token, then ends the provider session, which brings the browser back to the home page. The full
 * page load that follows leaves nothing of the session in memory.
 */
export function LogoutPage() {
  const client = useOidcClient();
  const appState = useAppStateStore();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ending = client.logout(); // forgets the tokens synchronously, then talks to the provider
    clearAllLocalKeys();
    queryClient.clear();
    appState.setAnonymous();
    void ending.then((endSessionUrl) => window.location.assign(endSessionUrl ?? "/"));
  }, [client, appState, queryClient]);

  return (
    <AccountLayout title="Esci">
      <StatusRegion>
        <p>Stai uscendo dal tuo account…</p>
      </StatusRegion>
    </AccountLayout>
  );
}
