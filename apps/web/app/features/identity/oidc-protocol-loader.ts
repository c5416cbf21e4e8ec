import { TRANSPORT_MESSAGES } from "@argine/core/shared/transport-messages";
import { OidcError } from "./oidc-errors.ts";
import type { OidcProtocol } from "./oidc-protocol.ts";
import type { OidcDiscovery, ProviderMetadata } from "./oidc-provider.ts";

// The protocol (oidc-protocol.ts, on oauth4webapi: about 7 KB of compressed script) loads with the first call
// to the provider, not with every page: a visitor who is not signed in and not signing in never loads it
// (issue 41). The client asks for it at once when the tab keeps a session, or on the login's callback.

type ProtocolModule = typeof import("./oidc-protocol.ts");

export interface LoadedProtocol {
  /** The provider's discovery (oidc-protocol.ts), once the protocol is loaded. */
  discover(issuer: string): Promise<OidcDiscovery>;
  /** The protocol at the provider; each call waits for the code the first time. */
  protocol(provider: ProviderMetadata): OidcProtocol;
  /** Starts loading the code without waiting for it (a session to renew, a login to complete). */
  preload(): void;
}

export function loadedProtocol(
  doFetch: typeof fetch,
  load: () => Promise<ProtocolModule> = () => import("./oidc-protocol.ts"),
): LoadedProtocol {
  let module: Promise<ProtocolModule> | null = null;
  /** A failed load (the network) is an OidcError like any unreachable provider, and is tried again next time. */
  const code = (): Promise<ProtocolModule> => {
    module ??= load().catch(() => {
      module = null;
      throw new OidcError("network", TRANSPORT_MESSAGES.serverErrorNetwork);
    });
    return module;
  };

  return {
    discover: async (issuer) => (await code()).discover(issuer, doFetch),
    protocol(provider) {
      let ready: OidcProtocol | null = null;
      const at = async () => {
        ready ??= (await code()).createOidcProtocol(provider, doFetch);
        return ready;
      };
      return {
        checkCallback: async (params, state) => (await at()).checkCallback(params, state),
        exchangeCode: async (callback, login) => (await at()).exchangeCode(callback, login),
        refresh: async (refreshToken) => (await at()).refresh(refreshToken),
        // The quick exit's revocation leaves in the same moment when the code is here (a session loads it).
        revoke: (refreshToken, known, options) =>
          ready
            ? ready.revoke(refreshToken, known, options)
            : at().then((p) => p.revoke(refreshToken, known, options)),
      };
    },
    preload() {
      void code().catch(() => {});
    },
  };
}
