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

/** Sends the browser to the provider's authorization endpoint with a fresh PKCE login transaction. */
export function useStartLogin(): StartLogin {
  const client = useOidcClient();
  const [state, setState] = useState<{ starting: boolean; error: string | null }>({
    starting: false,
    error: null,
  });
  const start = useCallback(
    async (context: LoginContext = {}, options?: LoginOptions) => {
      setState({ starting: true, error: null });
      try {
        window.location.assign(
          await (options ? client.beginLogin(context, options) : client.beginLogin(context)),
        );
      } catch (reason) {
        setState({ starting: false, error: toHttpError(reason).message });
      }
    },
    [client],
  );
  return { ...state, start };
}
