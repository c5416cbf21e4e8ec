// The browser local storage keys of spec §3, owned by this one module: nothing else reads or writes them.
//
//   userData             JSON object of the signed-in user's data, default {}. We keep only the id and the first
//                        name: localStorage outlives the tab, and on a shared device nothing sensitive may stay.
//   debugMode            a developer switch; survives the clear-all helper.
//   consoleLog           a developer switch for console output.
//   lastKnownPracticeId  the id of the last practice viewed (loaded again right after login, spec §4).
//   supportToken         a visitor's support chat token (ADR 030): the only way back to their thread, kept
//                        across visits; the quick exit forgets it with the rest.
//
// Every access is guarded: storage can be missing (prerendering) or throw (private modes, quota, policies).

export const LOCAL_STORAGE_KEYS = {
  userData: "userData",
  debugMode: "debugMode",
  consoleLog: "consoleLog",
  lastKnownPracticeId: "lastKnownPracticeId",
  supportToken: "supportToken",
} as const;

export type LocalStorageKey = (typeof LOCAL_STORAGE_KEYS)[keyof typeof LOCAL_STORAGE_KEYS];

/** What `userData` holds: the id and first name only. */
export interface StoredUserData {
  id?: string;
  name?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(key: LocalStorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: LocalStorageKey, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or refused: these keys are conveniences, never required.
  }
}

function remove(key: LocalStorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // ignore
  }
}

/** `userData`, default {}; anything malformed reads as {} and unknown fields are dropped. */
export function readUserData(): StoredUserData {
  const raw = read(LOCAL_STORAGE_KEYS.userData);
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
    const { id, name } = value as Record<string, unknown>;
    return {
      ...(typeof id === "string" ? { id } : {}),
      ...(typeof name === "string" ? { name } : {}),
    };
  } catch {
    return {};
  }
}

/** Stores the id and first name of the signed-in user, and nothing else. */
export function writeUserData(user: StoredUserData): void {
  const data: StoredUserData = {
    ...(user.id ? { id: user.id } : {}),
    ...(user.name ? { name: user.name } : {}),
  };
  write(LOCAL_STORAGE_KEYS.userData, JSON.stringify(data));
}

export function isDebugMode(): boolean {
  return read(LOCAL_STORAGE_KEYS.debugMode) === "true";
}

export function isConsoleLogEnabled(): boolean {
  return read(LOCAL_STORAGE_KEYS.consoleLog) === "true";
}

export function readLastKnownPracticeId(): string | null {
  const value = read(LOCAL_STORAGE_KEYS.lastKnownPracticeId)?.trim();
  return value ? value : null;
}

export function writeLastKnownPracticeId(practiceId: string): void {
  write(LOCAL_STORAGE_KEYS.lastKnownPracticeId, practiceId);
}

export function clearLastKnownPracticeId(): void {
  remove(LOCAL_STORAGE_KEYS.lastKnownPracticeId);
}

export function readSupportToken(): string | null {
  return read(LOCAL_STORAGE_KEYS.supportToken) || null;
}

export function writeSupportToken(token: string): void {
  write(LOCAL_STORAGE_KEYS.supportToken, token);
}

export function forgetSupportToken(): void {
  remove(LOCAL_STORAGE_KEYS.supportToken);
}

/** The clear-all helper (spec §3): removes every key above except `debugMode`. */
export function clearAllLocalKeys(): void {
  for (const key of Object.values(LOCAL_STORAGE_KEYS)) {
    if (key !== LOCAL_STORAGE_KEYS.debugMode) remove(key);
  }
}

// The session storage keys, owned here too. Session storage lives as long as the tab: closing it, or the
// quick exit (clearAllSessionKeys), removes them.
//
//   feedbackDraft  the questionnaire's answers and the furthest step reached, until sent (feedback-memory.ts).
//   feedbackClaim  { practiceId, claimToken } of the questionnaire this tab submitted: the only proof that
//                  claims its practice after sign-in (ADR 010). Used once, then forgotten.
//   cart           the shop's cart of one practice: the chosen service codes, the voucher and gift-card codes
//                  and the last payment error (features/orders/cart-store.ts), so a reload or "Riprova" keeps
//                  them; the checkout attempt whose answer may have been lost, as its idempotency key and a
//                  SHA-256 of its request (checkout-attempt.ts). No billing or card data.

export const SESSION_STORAGE_KEYS = {
  feedbackDraft: "feedbackDraft",
  feedbackClaim: "feedbackClaim",
  cart: "cart",
} as const;

export type SessionStorageKey = (typeof SESSION_STORAGE_KEYS)[keyof typeof SESSION_STORAGE_KEYS];

function sessionStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSessionKey(key: SessionStorageKey): string | null {
  try {
    return sessionStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeSessionKey(key: SessionStorageKey, value: string): void {
  try {
    sessionStore()?.setItem(key, value);
  } catch {
    // Storage full or refused: the page still works, only a reload would lose what was kept.
  }
}

export function removeSessionKey(key: SessionStorageKey): void {
  try {
    sessionStore()?.removeItem(key);
  } catch {
    // ignore
  }
}

/** What the tab that submitted the questionnaire keeps to claim its practice. */
export interface FeedbackClaim {
  practiceId: string;
  claimToken: string;
}

export function readFeedbackClaim(): FeedbackClaim | null {
  const raw = readSessionKey(SESSION_STORAGE_KEYS.feedbackClaim);
  if (!raw) return null;
  try {
    const { practiceId, claimToken } = JSON.parse(raw) as Record<string, unknown>;
    return typeof practiceId === "string" && typeof claimToken === "string" && practiceId && claimToken
      ? { practiceId, claimToken }
      : null;
  } catch {
    return null;
  }
}

/** If refused, the claim key shown on the result still finds the practice from any device. */
export function writeFeedbackClaim(claim: FeedbackClaim): void {
  writeSessionKey(
    SESSION_STORAGE_KEYS.feedbackClaim,
    JSON.stringify({ practiceId: claim.practiceId, claimToken: claim.claimToken }),
  );
}

export function clearFeedbackClaim(): void {
  removeSessionKey(SESSION_STORAGE_KEYS.feedbackClaim);
}

/** Removes every session key above (the quick exit). The sign-in's own keys are the OIDC client's. */
export function clearAllSessionKeys(): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) removeSessionKey(key);
}

// Cache Storage, owned here too: what the phone shared with the installed app (the diary's Web Share Target,
// public/manifest-it.webmanifest). The service worker (scripts/service-worker.js, which repeats the name)
// keeps each shared file and the shared text there, under /shared-files/<share>/…, until the new episode's
// page takes them (features/diary/shared-inbox.ts) and deletes them; the quick exit forgets them all.

export const SHARED_FILES_CACHE = "argine-shared-files";
/** What the page asks the service worker, which outlives it, when the quick exit leaves. */
export const FORGET_SHARED_FILES_MESSAGE = "argine:forget-shared-files";

/** Deletes what the phone shared and no episode has taken yet: here, and by the service worker too. */
export function forgetSharedFiles(): void {
  try {
    void globalThis.caches?.delete(SHARED_FILES_CACHE).catch(() => {});
  } catch {
    // No Cache Storage here (an insecure origin, a private mode): nothing was kept.
  }
  try {
    globalThis.navigator?.serviceWorker?.controller?.postMessage({ type: FORGET_SHARED_FILES_MESSAGE });
  } catch {
    // No service worker: nothing of ours kept the files.
  }
}
