import type { DiaryAttachment, DiaryEntry, DiaryVersion } from "@argine/core/diary/diary-api";
import { SHARED_FILES_CACHE } from "../../shared/store/browser-storage.ts";

// Episodes as GET /v1/diary/entries answers them, for the diary's web tests.

export const PRACTICE_ID = "7d1f6f0e-2c1a-4a8e-9a57-0d4b1f3c2e11";
const HASH = "3f9a1c0b7d2e4f6a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0e07b";

let serial = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++serial).padStart(12, "0")}`;

export function version(
  fields: Partial<DiaryVersion["fields"]> = {},
  seal: Partial<DiaryVersion> = {},
): DiaryVersion {
  return {
    version: 1,
    fields: {
      occurredOn: "2026-12-03",
      occurredAt: "21:30",
      platform: "INSTAGRAM",
      urls: [],
      who: "",
      what: "Mi ha scritto di nuovo.",
      ...fields,
    },
    attachmentIds: [],
    receivedAt: "2026-12-03T20:35:00.000Z",
    sha256: HASH,
    sealedAt: "2026-12-03T20:30:00.000Z",
    sealSerial: "1042",
    ...seal,
  };
}

export function attachment(overrides: Partial<DiaryAttachment> = {}): DiaryAttachment {
  return {
    id: uuid(),
    fileName: "screenshot.png",
    kind: "image",
    size: 120_000,
    receivedAt: "2026-12-03T20:34:00.000Z",
    sha256: HASH,
    sealedAt: "2026-12-03T20:35:00.000Z",
    sealSerial: "1041",
    ...overrides,
  };
}

export function entry(versions: DiaryVersion[], overrides: Partial<DiaryEntry> = {}): DiaryEntry {
  return {
    id: uuid(),
    practiceId: null,
    createdAt: "2026-12-03T20:35:00.000Z",
    versions,
    attachments: [],
    ...overrides,
  };
}

/**
 * happy-dom's <select> has no `size` and its options no `defaultSelected`, so react-hook-form (7.92) takes
 * every select as edited by hand before the form is ready and leaves its default value out: a form opened
 * with a choice made (a correction's platform) shows none. The browsers' values, for the tests that need them.
 */
export function withBrowserSelects() {
  const select = globalThis.HTMLSelectElement?.prototype;
  if (select && !("size" in select))
    Object.defineProperty(select, "size", {
      configurable: true,
      get(this: HTMLSelectElement) {
        return Number(this.getAttribute("size") ?? 0);
      },
    });
  const option = globalThis.HTMLOptionElement?.prototype;
  if (option && !("defaultSelected" in option))
    Object.defineProperty(option, "defaultSelected", {
      configurable: true,
      get(this: HTMLOptionElement) {
        return this.hasAttribute("selected");
      },
    });
}

/** A Cache Storage holding what the service worker keeps, as scripts/service-worker.js writes it. */
export function fakeCaches(entries: Record<string, Response>) {
  const stored = new Map(Object.entries(entries));
  let present = stored.size > 0;
  const cache = {
    keys: async () => [...stored.keys()].map((url) => new Request(url)),
    match: async (request: Request) => stored.get(request.url)?.clone(),
  };
  return {
    has: async (name: string) => name === SHARED_FILES_CACHE && present,
    open: async () => cache,
    delete: async (name: string) => {
      const had = name === SHARED_FILES_CACHE && present;
      present = false;
      stored.clear();
      return had;
    },
  } as unknown as CacheStorage;
}

/** A shared file as the service worker keeps it. */
export const sharedFile = (text: string, name: string, type: string) =>
  new Response(new Blob([text], { type }), {
    headers: { "content-type": type, "x-file-name": encodeURIComponent(name) },
  });
