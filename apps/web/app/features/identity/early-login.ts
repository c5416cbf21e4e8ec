import { AUTH_CONFIG_PATH, isAuthConfig } from "./auth-config.ts";
import { authorizationRequest, CALLBACK_PATH } from "./login-request.ts";
import { createTabStorage, REFRESH_TOKEN_KEY } from "./oidc-storage.ts";
import { createLoginTransactions } from "./oidc-transactions.ts";

// The bare /account/login opened as a document (a bookmark, a mail's link, the header's link before the app
// is ready) starts the authorization request from an inline script of its prerendered HTML, as soon as the
// HTML is parsed: on a phone the app's scripts took about two seconds to arrive and run before it (issue 41,
// docs/performance-phone.md), and every victim passes here. The config names the embedded provider's
// endpoint, so the browser leaves after one call. What needs the app is left to it: a query (an error, the
// sign-in step, a practice), a location state, a session already in this tab, an external provider, a failure.
// The script is this module bundled by apps/web/vite.config.ts (__ARGINE_EARLY_LOGIN__).

declare global {
  interface Window {
    /** Set by the inline start: true once the browser is leaving for the provider. */
    __argineEarlyLogin?: Promise<boolean>;
  }
}

async function start(win: Window): Promise<boolean> {
  try {
    const storage = win.sessionStorage;
    if (win.location.search || win.history.state?.usr || storage.getItem(REFRESH_TOKEN_KEY)) return false;
    const response = await win.fetch(AUTH_CONFIG_PATH);
    const config: unknown = response.ok ? await response.json() : null;
    if (!isAuthConfig(config) || !config.authorizationEndpoint) return false;
    const { url, transaction } = await authorizationRequest({
      endpoint: config.authorizationEndpoint,
      config,
      redirectUri: `${win.location.origin}${CALLBACK_PATH}`,
      now: Date.now(),
    });
    createLoginTransactions(
      createTabStorage(() => storage),
      Date.now,
    ).save(transaction);
    // The page only leads on: going back from the provider's form returns to where the person was.
    win.location.replace(url);
    return true;
  } catch {
    return false;
  }
}

/** Runs once, from the login page's inline script. */
export function startEarlyLogin(win: Window = window): void {
  win.__argineEarlyLogin ??= start(win);
}

/**
 * What the inline start did on this page load: true when the browser is already leaving for the provider
 * (the app must not start a second login), false when it left the login to the app; null when it did not run.
 * Read in the browser only (from an effect).
 */
export function earlyLoginOutcome(): Promise<boolean> | null {
  return window.__argineEarlyLogin ?? null;
}
