import { createHmac, timingSafeEqual } from "node:crypto";
import type { Db } from "@argine/db/client";
import type Provider from "oidc-provider";
import { type Clock, now } from "../clock.ts";
import type { Config } from "../config.ts";
import type { FanOut } from "../fan-out/fan-out.ts";
import { loadProviderKeys, type ProviderKeys, readProviderKeys } from "./keys.ts";
import { createOidcProvider } from "./provider.ts";

/**
 * Our OpenID provider and its keys, kept as the database has them without a restart (issue 39): after
 * `npm run keys -- rotate-signing` (or a retirement) every process loads the new keys, so processes of
 * either generation verify what the others sign and no sign-in is refused halfway through a rolling
 * restart, nor after a crash-restart. The keys command announces the change (the fan-out's "oidc-keys");
 * a cookie or token signed with a key this process has not loaded yet (another process loaded it a moment
 * before) makes it look again, at most once a second. A change builds a new provider on the new keys: the
 * newest signs, every key verifies; requests under way finish on the one they began with.
 */
export interface EmbeddedIdentity {
  readonly keys: ProviderKeys;
  readonly provider: Provider;
  /** Each provider built after the first (app.ts mounts it and listens to its events). */
  onProvider(listener: (provider: Provider) => void): void;
  /**
   * Makes sure `check` passes with the keys loaded, looking at the database again when it does not (at
   * most once a second, so forged values cannot make every request read the keys). True when it passes.
   */
  verifyWithCurrentKeys(check: (keys: ProviderKeys) => boolean): Promise<boolean>;
}

/** How often a value no key verifies may send a process to the database for keys it has not loaded. */
const LOOK_AGAIN_MS = 1_000;

export async function createEmbeddedIdentity(
  config: Config,
  db: Db,
  clock: Clock,
  fanOut: FanOut,
): Promise<EmbeddedIdentity> {
  let keys = await loadProviderKeys(db, now(clock));
  let provider = createOidcProvider(config, db, keys);
  const listeners: ((provider: Provider) => void)[] = [];
  let lookedAt = 0;
  let looking: Promise<void> | null = null;

  const lookAgain = (): Promise<void> => {
    looking ??= (async () => {
      lookedAt = Date.now();
      const next = await readProviderKeys(db);
      if (sameKeys(next, keys)) return;
      keys = next;
      provider = createOidcProvider(config, db, keys);
      for (const listener of listeners) listener(provider);
    })().finally(() => {
      looking = null;
    });
    return looking;
  };
  // A missed announcement (the listening connection dropped) is a gap: every cache is dropped then too.
  fanOut.onInvalidate((name) => {
    if (name === "oidc-keys") lookAgain().catch(() => {});
  });

  return {
    get keys() {
      return keys;
    },
    get provider() {
      return provider;
    },
    onProvider(listener) {
      listeners.push(listener);
    },
    async verifyWithCurrentKeys(check) {
      if (check(keys)) return true;
      if (!looking && Date.now() - lookedAt < LOOK_AGAIN_MS) return false;
      await lookAgain();
      return check(keys);
    },
  };
}

const sameKeys = (a: ProviderKeys, b: ProviderKeys) =>
  a.cookieKeys.join() === b.cookieKeys.join() &&
  a.jwks.map((k) => k.kid).join() === b.jwks.map((k) => k.kid).join();

/**
 * Whether every signed cookie of a request (the provider's `name` beside `name.sig`, as koa's cookies sign
 * them: HMAC-SHA1 of `name=value`, base64url) is signed by one of `cookieKeys`. An unsigned request passes.
 */
export function signedCookiesKnown(cookieHeader: string | undefined, cookieKeys: readonly string[]): boolean {
  const cookies = new Map<string, string>();
  for (const part of cookieHeader?.split(";") ?? []) {
    const at = part.indexOf("=");
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  for (const [name, signature] of cookies) {
    if (!name.endsWith(".sig")) continue;
    const cookie = name.slice(0, -".sig".length);
    const value = cookies.get(cookie);
    if (value === undefined) continue;
    const given = Buffer.from(signature);
    const known = cookieKeys.some((key) => {
      const expected = Buffer.from(createHmac("sha1", key).update(`${cookie}=${value}`).digest("base64url"));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (!known) return false;
  }
  return true;
}
