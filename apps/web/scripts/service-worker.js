// Argine's service worker, completed at build by build-service-worker.ts, which prepends
// `const BUILD_ID = "..."; const PRECACHE = [...];` — the public pages, their `.data` files and the assets
// they load. It keeps what the visitor has read available offline and never touches personal data: the
// API, sign-in and the personal areas always go to the network and are never stored.

const CACHE = `argine-${BUILD_ID}`;
const NETWORK_ONLY = /^\/(v1|oidc|dashboard|account|callback|logout|newsletter|dev|page-data)(\/|$)/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith("argine-") && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Pages: the network first, so a visitor online always reads the latest text; the copy when offline. */
async function pageFromNetworkFirst(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(url.pathname, response.clone());
    return response;
  } catch (error) {
    const cached =
      (await cache.match(url.pathname)) ?? (await cache.match(url.pathname.replace(/\/+$/, "") || "/"));
    if (cached) return cached;
    throw error;
  }
}

/** Hashed assets never change: the cached copy, else the network (kept for next time). */
async function assetFromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith("/assets/"))
    await cache.put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || NETWORK_ONLY.test(url.pathname))
    return;
  if (request.mode === "navigate") {
    event.respondWith(pageFromNetworkFirst(request, url));
  } else if (url.pathname.endsWith(".data")) {
    event.respondWith(pageFromNetworkFirst(request, url));
  } else {
    event.respondWith(assetFromCacheFirst(request));
  }
});
