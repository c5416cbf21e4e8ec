/** Hosts where a service worker may run over plain HTTP (spec §8: HTTPS or localhost). */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export const SERVICE_WORKER_URL = "/sw.js";

export function canUseServiceWorker(location: Pick<Location, "protocol" | "hostname">): boolean {
  return location.protocol === "https:" || LOCAL_HOSTS.has(location.hostname);
}

/**
 * Registers /sw.js, which keeps the public pages readable offline (apps/web/scripts/build-service-worker.ts).
 * Only over HTTPS or on localhost; elsewhere it says why in the console. Registration waits for the page
 * to finish loading, so it never competes with what the visitor is reading.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!("serviceWorker" in win.navigator)) return;
  if (!canUseServiceWorker(win.location)) {
    console.info("Service worker non registrato: serve una connessione HTTPS o localhost.");
    return;
  }
  const register = () => {
    win.navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {
      // Without it the site still works online; nothing to tell the visitor.
    });
  };
  if (win.document.readyState === "complete") register();
  else win.addEventListener("load", register, { once: true });
}
