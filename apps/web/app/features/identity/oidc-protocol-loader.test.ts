import { TRANSPORT_MESSAGES } from "@argine/core/shared/transport-messages";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OidcError } from "./oidc-errors.ts";
import type * as protocolModule from "./oidc-protocol.ts";
import { loadedProtocol } from "./oidc-protocol-loader.ts";
import type { ProviderMetadata } from "./oidc-provider.ts";

// The protocol's code (oauth4webapi) is loaded by a page only when the tab needs it (issue 41).

/** How many times a page's modules loaded the protocol's code (each test's modules are fresh). */
const loads = { count: 0 };

const DISCOVERY = {
  issuer: "https://argine.test/oidc",
  authorization_endpoint: "https://argine.test/oidc/auth",
  token_endpoint: "https://argine.test/oidc/token",
};
const provider = {} as ProviderMetadata;

/** A stand-in for oidc-protocol.ts whose calls are recorded. */
function fakeModule() {
  const revoke = vi.fn(async () => {});
  const refresh = vi.fn(async () => ({ access_token: "access" }));
  const module = {
    discover: vi.fn(async () => DISCOVERY),
    createOidcProtocol: () => ({
      checkCallback: vi.fn(),
      exchangeCode: vi.fn(),
      refresh,
      revoke,
    }),
  } as unknown as typeof protocolModule;
  return { module, revoke, refresh };
}

describe("the protocol's code, loaded when first needed", () => {
  it("is not loaded until a call needs it, then once", async () => {
    const { module } = fakeModule();
    const load = vi.fn(async () => module);
    const code = loadedProtocol(fetch, load);
    const protocol = code.protocol(provider);
    expect(load).not.toHaveBeenCalled();
    await expect(code.discover(DISCOVERY.issuer)).resolves.toEqual(DISCOVERY);
    await protocol.refresh("refresh-1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("says a failed load as the network's error, and tries again at the next call", async () => {
    const { module } = fakeModule();
    const load = vi.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValue(module);
    const code = loadedProtocol(fetch, load);
    const refused = code.discover(DISCOVERY.issuer);
    await expect(refused).rejects.toBeInstanceOf(OidcError);
    await expect(refused).rejects.toMatchObject({
      error: "network",
      message: TRANSPORT_MESSAGES.serverErrorNetwork,
    });
    await expect(code.discover(DISCOVERY.issuer)).resolves.toEqual(DISCOVERY);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("sends the quick exit's revocation in the same moment once the code is here", async () => {
    const { module, revoke } = fakeModule();
    const protocol = loadedProtocol(fetch, async () => module).protocol(provider);
    await protocol.refresh("refresh-1");
    const known = { config: {}, discovery: DISCOVERY } as Parameters<typeof protocol.revoke>[1];
    void protocol.revoke("refresh-2", known, { keepalive: true });
    expect(revoke).toHaveBeenCalledWith("refresh-2", known, { keepalive: true });
  });
});

describe("the client asks for the protocol's code", () => {
  beforeEach(() => {
    sessionStorage.clear();
    loads.count = 0;
    vi.resetModules();
    vi.doMock("./oidc-protocol.ts", async (original) => {
      loads.count += 1;
      return original();
    });
  });

  /** The client module imported afresh, as a page does: what it loads with it counts. */
  const client = async () => {
    const { createOidcClient } = await import("./oidc-client.ts");
    return createOidcClient({ loadConfig: async () => Promise.reject(new Error("not asked")) });
  };

  it("not for a visitor with no session and no login in the tab", async () => {
    await client();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.count).toBe(0);
  });

  it("not on the login's page, where a login is in progress but its code is not needed yet", async () => {
    sessionStorage.setItem(
      "argine.auth.tx.state-1",
      JSON.stringify({ state: "state-1", codeVerifier: "v", nonce: "n", createdAt: Date.now() }),
    );
    await client();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads.count).toBe(0);
  });

  it("at once on the login's callback", async () => {
    window.history.replaceState(null, "", "/callback?code=c&state=s");
    try {
      await client();
      await vi.waitFor(() => expect(loads.count).toBe(1));
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });

  it("at once when the tab keeps a session", async () => {
    sessionStorage.setItem("argine.auth.refreshToken", "refresh-1");
    await client();
    await vi.waitFor(() => expect(loads.count).toBe(1));
  });
});
