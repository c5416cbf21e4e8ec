import { SHARED_FILES_CACHE } from "../../shared/store/browser-storage.ts";

// What the phone shared with the installed app (the Web Share Target): the service worker keeps it in Cache
// Storage (scripts/service-worker.js) under /shared-files/<share>/file-<n> and …/words, and the new episode's
// page takes it here, once: it is deleted as soon as it is read, so nothing of it stays on the device beyond
// the form (a reload of the page before saving loses it, as it loses what was typed).

export interface SharedInbox {
  files: File[];
  /** The links shared, and those found in the shared text. */
  urls: string[];
  /** The shared text without its links (a message's words), or the title when there is no text. */
  text: string;
}

const EMPTY: SharedInbox = { files: [], urls: [], text: "" };
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/gi;

/** The shared words as the form wants them: the links apart, the rest as text. */
export function splitSharedWords(words: {
  title?: string;
  text?: string;
  url?: string;
}): Omit<SharedInbox, "files"> {
  const text = words.text?.trim() ?? "";
  const found = text.match(URL_IN_TEXT) ?? [];
  const url = words.url?.trim() ?? "";
  const urls = [...new Set([url, ...found].filter(Boolean))];
  const rest = text
    .replace(URL_IN_TEXT, " ")
    .replace(/[ \t]+/g, " ")
    .trim();
  return { urls, text: rest || (urls.length ? "" : (words.title?.trim() ?? "")) };
}

/**
 * Takes what the phone shared and deletes it from the device: the files as File objects (in the order
 * shared), the links and the words of every share not taken yet. Nothing shared, or no Cache Storage (the
 * site opened without its service worker): empty.
 */
export async function takeSharedInbox(
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<SharedInbox> {
  if (!storage) return EMPTY;
  try {
    if (!(await storage.has(SHARED_FILES_CACHE))) return EMPTY;
    const cache = await storage.open(SHARED_FILES_CACHE);
    const requests = [...(await cache.keys())].sort((a, b) =>
      a.url.localeCompare(b.url, "en", { numeric: true }),
    );
    const inbox: SharedInbox = { files: [], urls: [], text: "" };
    const texts: string[] = [];
    for (const request of requests) {
      const response = await cache.match(request);
      if (!response) continue;
      if (request.url.endsWith("/words")) {
        const words = splitSharedWords((await response.json()) as Record<string, string>);
        inbox.urls.push(...words.urls.filter((url) => !inbox.urls.includes(url)));
        if (words.text) texts.push(words.text);
      } else {
        const name = decodeURIComponent(response.headers.get("x-file-name") ?? "file");
        const blob = await response.blob();
        inbox.files.push(
          new File([blob], name, { type: blob.type || response.headers.get("content-type") || "" }),
        );
      }
    }
    inbox.text = texts.join("\n\n");
    await storage.delete(SHARED_FILES_CACHE);
    return inbox;
  } catch {
    return EMPTY;
  }
}
