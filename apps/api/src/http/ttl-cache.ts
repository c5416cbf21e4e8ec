export interface TtlCache<T> {
  get(): Promise<T>;
  invalidate(): void;
}

/**
 * Keeps a value for `ttlMs`, sharing one load among concurrent callers. For rarely-changing reads
 * (the catalogue) that every page asks for; replicas converge within the TTL after a change.
 */
export function ttlCache<T>(
  ttlMs: number,
  load: () => Promise<T>,
  now: () => number = Date.now,
): TtlCache<T> {
  let value: Promise<T> | null = null;
  let loadedAt = 0;
  return {
    get(): Promise<T> {
      if (!value || now() - loadedAt >= ttlMs) {
        loadedAt = now();
        value = load().catch((error: unknown) => {
          value = null;
          throw error;
        });
      }
      return value;
    },
    invalidate(): void {
      value = null;
    },
  };
}
