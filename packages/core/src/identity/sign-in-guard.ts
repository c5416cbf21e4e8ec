// Brute-force protection of the password sign-in (OWASP ASVS 5.0 V6.3, ADR 035): no hard lock, a delay that
// grows with the failures and is capped; and how fresh a sign-in must be to grant a staff role.

/** Failed sign-ins counted per key (account, address, trusted device) over this window. */
export const SIGN_IN_FAILURE_WINDOW_MS = 60 * 60 * 1000;
/** Failures allowed before any wait: typos and a forgotten caps lock cost nothing. */
export const SIGN_IN_FREE_FAILURES = 5;
/** The first wait, doubled at each further failure… */
export const SIGN_IN_BASE_DELAY_MS = 1000;
/** …up to this: an attacker gets about 25 guesses an hour per account; nobody waits longer. */
export const SIGN_IN_MAX_DELAY_MS = 5 * 60 * 1000;

/** How long after its last failure a key must wait before its next attempt, given its failures in the window. */
export function signInDelayMs(failures: number): number {
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  const doublings = failures - SIGN_IN_FREE_FAILURES;
  // 2^9 s is already past the cap: no overflow for any count.
  return doublings >= 9
    ? SIGN_IN_MAX_DELAY_MS
    : Math.min(SIGN_IN_BASE_DELAY_MS * 2 ** doublings, SIGN_IN_MAX_DELAY_MS);
}

/** The moment a key may try again (null: now), given its failures in the window and the last one's time. */
export function signInHeldUntil(failures: number, lastFailureAt: Date | null): Date | null {
  const delay = signInDelayMs(failures);
  if (delay === 0 || !lastFailureAt) return null;
  return new Date(lastFailureAt.getTime() + delay);
}

/** A wait in Italian words, rounded up: "1 secondo", "40 secondi", "3 minuti". */
export function waitInWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? "1 secondo" : `${seconds} secondi`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minuto" : `${minutes} minuti`;
}

/** A staff role is granted only by an admin who signed in (typed the password) at most this long ago. */
export const STAFF_GRANT_MAX_AUTH_AGE_SECONDS = 5 * 60;

/** Whether a sign-in at `authTime` is recent enough, at `now`, to grant a staff role. */
export function isFreshSignIn(
  authTime: Date | null,
  now: Date,
  maxAgeSeconds: number = STAFF_GRANT_MAX_AUTH_AGE_SECONDS,
): boolean {
  if (!authTime) return false;
  const age = now.getTime() - authTime.getTime();
  // A little clock skew between the provider and the API is no reason to refuse.
  return age > -60_000 && age <= maxAgeSeconds * 1000;
}
