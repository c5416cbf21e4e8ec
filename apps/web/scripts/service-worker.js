// Argine's service worker, completed at build by build-service-worker.ts, which prepends
// `const BUILD_ID = "..."; const PRECACHE = [...];` — the public pages, their `.data` files and the assets
// they load. It keeps what the visitor has read available offline and never touches personal data: the
// API, sign-in and the personal areas always go to the network and are never stored.
//
// One exception, the diary's Web Share Target (public/manifest-it.webmanifest): what the phone shares with
// the installed app is POSTed to SHARE_TARGET; the files and the text are kept in SHARED_FILES (Cache
// Storage, apps/web/app/shared/store/browser-storage.ts names it too) and the answer is a 303 to the new
// episode's page, which takes them and deletes them. The redirect replaces the POST: no history entry of
// its own. The quick exit deletes them through FORGET_SHARED_FILES.

const CACHE = `argine-${BUILD_ID}`;
const NETWORK_ONLY = /^\/(v1|oidc|dashboard|account|callback|logout|newsletter|dev|page-data)(\/|$)/;
const SHARE_TARGET = "/dashboard/diary/condividi";
const SHARED_PAGE = "/dashboard/diary/nuovo?condiviso=1";
const SHARED_FILES = "argine-shared-files";
const FORGET_SHARED_FILES = "argine:forget-shared-files";

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
          keys
            .filter((key) => key.startsWith("argine-") && key !== CACHE && key !== SHARED_FILES)
            .map((key) => caches.delete(key)),
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

/** Shared text as the page reads it: each field a string, empty when not shared. */
const sharedText = (data, name) => {
  const value = data.get(name);
  return typeof value === "string" ? value.slice(0, 10000) : "";
};

/**
 * Keeps what the phone shared under /shared-files/<share>/: each file with its name and type, and the
 * title, text and link as JSON; then sends the app to the new episode's page. Whatever fails, the page
 * opens and says that nothing arrived.
 */
async function keepShared(request) {
  try {
    const data = await request.formData();
    const cache = await caches.open(SHARED_FILES);
    const share = `${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
    const files = data.getAll("files").filter((file) => typeof file !== "string" && file.size > 0);
    await Promise.all(
      files.map((file, index) =>
        cache.put(
          `/shared-files/${share}/file-${index}`,
          new Response(file, {
            headers: {
              "content-type": file.type || "application/octet-stream",
              "x-file-name": encodeURIComponent(file.name || `file-${index + 1}`),
            },
          }),
        ),
      ),
    );
    const words = {
      title: sharedText(data, "title"),
      text: sharedText(data, "text"),
      url: sharedText(data, "url"),
    };
    if (words.title || words.text || words.url)
      await cache.put(
        `/shared-files/${share}/words`,
        new Response(JSON.stringify(words), { headers: { "content-type": "application/json" } }),
      );
  } catch {
    // Nothing kept: the page says so.
  }
  return Response.redirect(new URL(SHARED_PAGE, self.location.origin).href, 303);
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === FORGET_SHARED_FILES) event.waitUntil(caches.delete(SHARED_FILES));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method === "POST" && url.origin === self.location.origin && url.pathname === SHARE_TARGET) {
    event.respondWith(keepShared(request));
    return;
  }
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
