import { useCallback, useState } from "react";
import { toHttpError } from "../../shared/http/http-error.ts";
import { useOidcClient } from "./auth-session.ts";
import type { LoginOptions } from "./login-request.ts";
import type { LoginContext } from "./oidc-transactions.ts";

export interface StartLogin {
  /** True from the click until the browser leaves for the provider. */
  starting: boolean;
  /** Why the authorization request could not be prepared (provider unreachable…), in Italian. */
  error: string | null;
  start(context?: LoginContext, options?: LoginOptions): Promise<void>;
}

/**
 * Sends the browser to the provider's authorization endpoint with a fresh PKCE login transaction. `replace`:
 * the page only leads on (the bare /account/login), so it leaves no step in the history: going back from the
 * provider's form returns to where the person was, not to a page that sends her forward again.
 */
export function useStartLogin({ replace = false }: { replace?: boolean } = {}): StartLogin {
  const client = useOidcClient();
  const [state, setState] = useState<{ starting: boolean; error: string | null }>({
    starting: false,
    error: null,
  });
  const start = useCallback(
    async (context: LoginContext = {}, options?: LoginOptions) => {
      setState({ starting: true, error: null });
      try {
        const url = await (options ? client.beginLogin(context, options) : client.beginLogin(context));
        if (replace) window.location.replace(url);
        else window.location.assign(url);
      } catch (reason) {
        setState({ starting: false, error: toHttpError(reason).message });
      }
    },
    [client, replace],
  );
  return { ...state, start };
}
