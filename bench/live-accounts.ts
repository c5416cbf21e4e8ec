import { createServer } from "node:net";

// The accounts bench/server.ts `live` adds for live-load.ts: even ones lawyers, odd ones clients with no case.
// The lawyers have an authenticator (staff on a case need a second factor, ADR 036), all the same key, and the
// live server runs 1 s codes so the bench's sign-ins do not wait for a code they may type.

export const LIVE_ACCOUNTS = 42;
export const LIVE_PASSWORD = "Girasole-Lento-42";
export const LIVE_TOTP_SECRET = "ARGINEBENCHLIVETOTPKEY234567ABCD";
export const LIVE_TOTP_PERIOD_SECONDS = 1;
export const liveAccount = (i: number) => `bench-live-${i}@example.org`;

/** A port free now: the app's issuer must name its own address before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}
