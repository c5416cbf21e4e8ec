import { isRecord } from "@argine/core/shared/is-record";
import { type TabStorage, TRANSACTION_PREFIX } from "./oidc-storage.ts";

// The login transactions of this tab: { state, codeVerifier, nonce, practiceId?, returnTo? } in
// sessionStorage, keyed by state, each used once.

/** A login transaction older than this is dropped (the provider's own interaction expires much sooner). */
export const TRANSACTION_MAX_AGE_MS = 60 * 60_000;
const MAX_TRANSACTIONS = 5;

/** What the page asked to come back to after login (spec §4: the login state carries the practiceId). */
export interface LoginContext {
  practiceId?: string;
  returnTo?: string;
}

export interface LoginTransaction extends LoginContext {
  state: string;
  codeVerifier: string;
  nonce: string;
  createdAt: number;
}

/** Only a path on this site may be a return target: never another origin ("//evil", "https://…"). */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return undefined;
  if (value.length > 512 || /[\s\\]/.test(value)) return undefined;
  return value;
}

/** A practice id as carried through the login: an identifier, nothing else. */
export function safePracticeId(value: unknown): string | undefined {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

/** The context a transaction carries, without empty fields. */
export function contextOf(transaction: LoginContext): LoginContext {
  return {
    ...(transaction.practiceId ? { practiceId: transaction.practiceId } : {}),
    ...(transaction.returnTo ? { returnTo: transaction.returnTo } : {}),
  };
}

export interface LoginTransactions {
  /** Stores a new transaction, after dropping the expired ones and the oldest beyond the last few. */
  save(transaction: LoginTransaction): void;
  /** The transaction issued under `state`, removed at once (one use only); null when unknown or expired. */
  take(state: string): LoginTransaction | null;
  /** The most recent pending transaction. */
  latest(): LoginTransaction | null;
}

export function createLoginTransactions(storage: TabStorage, now: () => number): LoginTransactions {
  function read(key: string): LoginTransaction | null {
    const raw = storage.get(key);
    if (!raw) return null;
    try {
      const value: unknown = JSON.parse(raw);
      if (!isRecord(value)) return null;
      const { state, codeVerifier, nonce, createdAt } = value;
      if (typeof state !== "string" || typeof codeVerifier !== "string" || typeof nonce !== "string") {
        return null;
      }
      return {
        state,
        codeVerifier,
        nonce,
        createdAt: typeof createdAt === "number" ? createdAt : 0,
        practiceId: safePracticeId(value.practiceId),
        returnTo: safeReturnTo(value.returnTo),
      };
    } catch {
      return null;
    }
  }

  function pending(): Array<{ key: string; transaction: LoginTransaction | null }> {
    return storage.keys(TRANSACTION_PREFIX).map((key) => ({ key, transaction: read(key) }));
  }

  const expired = (transaction: LoginTransaction) => now() - transaction.createdAt > TRANSACTION_MAX_AGE_MS;

  function prune(): void {
    const live: Array<{ key: string; transaction: LoginTransaction }> = [];
    for (const { key, transaction } of pending()) {
      if (!transaction || expired(transaction)) storage.remove(key);
      else live.push({ key, transaction });
    }
    live.sort((a, b) => b.transaction.createdAt - a.transaction.createdAt);
    for (const { key } of live.slice(MAX_TRANSACTIONS - 1)) storage.remove(key);
  }

  return {
    save(transaction) {
      prune();
      storage.set(`${TRANSACTION_PREFIX}${transaction.state}`, JSON.stringify(transaction));
    },
    take(state) {
      const key = `${TRANSACTION_PREFIX}${state}`;
      const transaction = read(key);
      storage.remove(key);
      return transaction && !expired(transaction) ? transaction : null;
    },
    latest() {
      return (
        pending()
          .map(({ transaction }) => transaction)
          .filter((transaction): transaction is LoginTransaction => transaction !== null)
          .sort((a, b) => b.createdAt - a.createdAt)[0] ?? null
      );
    },
  };
}
