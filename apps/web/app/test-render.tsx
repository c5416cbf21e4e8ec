import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, type InitialEntry, RouterProvider } from "react-router";
import { vi } from "vitest";
import type { OidcClient } from "./features/identity/oidc-client.ts";
import { AppProviders } from "./shell/providers/app-providers.tsx";

// Test helpers: the app's providers around a page, a fake OIDC client, and a fetch stub that answers the
// API calls a test expects (vi.stubGlobal; the web project restores globals after each test).

export function fakeOidcClient(overrides: Partial<OidcClient> = {}): OidcClient {
  return {
    getConfig: vi.fn(async () => ({
      issuer: "https://argine.test/oidc",
      clientId: "argine-web",
      audience: "https://argine.test/v1",
      scope: "openid profile email offline_access",
      embedded: true,
      idleSignOutSeconds: 900,
    })),
    getDiscovery: vi.fn(),
    beginLogin: vi.fn(async () => "https://argine.test/oidc/auth?state=s"),
    latestLoginContext: vi.fn(() => null),
    completeLogin: vi.fn(),
    restore: vi.fn(async () => null),
    getAccessToken: vi.fn(async () => null),
    getClaims: vi.fn(() => null),
    logout: vi.fn(async () => null),
    forget: vi.fn(),
    abandon: vi.fn(),
    onSessionEnd: vi.fn(() => () => {}),
    ...overrides,
  };
}

export function renderWithApp(
  element: ReactNode,
  { url = "/", authClient = fakeOidcClient() }: { url?: InitialEntry; authClient?: OidcClient } = {},
) {
  const router = createMemoryRouter(
    [{ path: "*", element: <AppProviders authClient={authClient}>{element}</AppProviders> }],
    { initialEntries: [url] },
  );
  const result = render(<RouterProvider router={router} />);
  return { ...result, router, authClient };
}

export interface StubbedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
}

/** A JSON `body`, or an `html` page as a proxy answers in front of a process that is down (nginx's 502). */
type Answer = { status: number; body?: unknown; html?: string };

/** nginx's own error page, with which it answers a call no process serves (a 502, 503 or 504). */
export function proxyErrorPage(status = 502, reason = "Bad Gateway"): Answer {
  const title = `${status} ${reason}`;
  return {
    status,
    html: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  };
}

/** Stubs fetch: `routes` maps "METHOD /path" to an answer (or a function of the call). */
export function stubApi(routes: Record<string, Answer | ((call: StubbedCall) => Answer)>) {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? "GET").toUpperCase();
    const text = typeof init.body === "string" ? init.body : "";
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // form bodies stay text
    }
    const call: StubbedCall = { method, url, body, headers: new Headers(init.headers) };
    calls.push(call);
    const path = url.replace(/^https?:\/\/[^/]+/, "").split("?")[0];
    const route = routes[`${method} ${path}`];
    const answer =
      typeof route === "function" ? route(call) : (route ?? { status: 404, body: { message: "x" } });
    if (answer.html !== undefined) {
      return new Response(answer.html, { status: answer.status, headers: { "Content-Type": "text/html" } });
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "Content-Type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}
