import { USERS_ROUTES } from "@argine/core/identity/users-routes";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useAppStateStore } from "../../shared/async/app-state.ts";
import { call } from "../../shared/http/call.ts";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import { clearAllLocalKeys } from "../../shared/store/browser-storage.ts";
import { useOidcClient } from "./auth-session.ts";

/**
 * Ends the session in this tab and opens the login page with `notice` (why). With `endDevice`, this device's
 * session is first ended on the server too (DELETE /v1/users/me/devices/{id}): the provider's session goes
 * with it, so the next sign-in asks for the password again, as after an idle sign-out it must. Used after
 * "Esci da tutti i dispositivi" (the server has ended it already) and by the idle sign-out.
 */
export function useEndSessionHere() {
  const client = useOidcClient();
  const appState = useAppStateStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (notice: string, { endDevice = false }: { endDevice?: boolean } = {}) => {
      if (endDevice) {
        try {
          const { data } = await call(USERS_ROUTES.devices);
          const here = data.find((device) => device.current);
          if (here) await call(USERS_ROUTES.endDevice, { params: { id: here.id } });
        } catch {
          // Best effort: the tokens are forgotten below and the refresh token revoked either way.
        }
      }
      // The login page with the notice first: signed out on a guarded page, the guard would start a new sign-in.
      await navigate(`${LOGIN_PATH}?${new URLSearchParams({ error: notice })}`, { replace: true });
      void client.logout().catch(() => {}); // forgets the tokens at once, then revokes the refresh token
      clearAllLocalKeys();
      queryClient.clear();
      appState.setAnonymous();
    },
    [client, appState, queryClient, navigate],
  );
}
