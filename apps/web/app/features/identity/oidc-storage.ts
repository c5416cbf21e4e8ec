// The tab's storage of the OIDC client (a victim may be on a shared device: the session ends with the tab).
// Every access is guarded: private mode or a full quota must never break the page, only shorten the session.

const STORAGE_PREFIX = "argine.auth.";
export const REFRESH_TOKEN_KEY = `${STORAGE_PREFIX}refreshToken`;
export const ID_TOKEN_KEY = `${STORAGE_PREFIX}idToken`;
/** The provider that issued the session's tokens (oidc-provider.ts). */
export const PROVIDER_KEY = `${STORAGE_PREFIX}provider`;
export const TRANSACTION_PREFIX = `${STORAGE_PREFIX}tx.`;

export interface TabStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
  /** The keys starting with `prefix`. */
  keys(prefix: string): string[];
  /** Removes every key of the OIDC client. */
  clear(): void;
}

export function defaultStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function createTabStorage(getStorage: () => Storage | null): TabStorage {
  function keys(prefix: string): string[] {
    const storage = getStorage();
    if (!storage) return [];
    const found: string[] = [];
    try {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key?.startsWith(prefix)) found.push(key);
      }
    } catch {
      return [];
    }
    return found;
  }

  function remove(key: string): void {
    try {
      getStorage()?.removeItem(key);
    } catch {
      // ignore
    }
  }

  return {
    get(key) {
      try {
        return getStorage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        getStorage()?.setItem(key, value);
      } catch {
        // Storage refused (private mode, quota): the session then lasts as long as the page.
      }
    },
    remove,
    keys,
    clear() {
      for (const key of keys(STORAGE_PREFIX)) remove(key);
    },
  };
}
