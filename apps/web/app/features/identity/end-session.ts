import { USERS_ROUTES } from "@argine/core/identity/users-routes";
import { useCallback } from "react";
import { call } from "../../shared/http/call.ts";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import { clearAllLocalKeys } from "../../shared/store/browser-storage.ts";
import { useOidcClient } from "./auth-session.ts";

/**
 * Ends the session in this tab and opens the login page with `notice` (why). With `endDevice`, this device's
 * session is first ended on the server too (DELETE /v1/users/me/devices/{id}): the provider's session goes
 * with it, so the next sign-in asks for the password again, as after an idle sign-out it must. Used after
 * "Esci da tutti i dispositivi" (the server has ended it already) and by the idle sign-out.
 *
 * The login page is loaded anew, not navigated to: a guarded page still on screen when the tab learns it is
 * signed out would start a new sign-in instead of showing why, and nothing of the account stays in memory.
 */
export function useEndSessionHere() {
  const client = useOidcClient();
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
      client.abandon(); // forgets the tokens at once; the refresh token's revocation outlives the page
      clearAllLocalKeys();
      window.location.replace(`${LOGIN_PATH}?${new URLSearchParams({ error: notice })}`);
    },
    [client],
  );
}
