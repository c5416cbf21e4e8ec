import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server, while prerendering and during hydration; true afterwards. Use it for output that
 * depends on the browser (e.g. the current query string) so the prerendered HTML hydrates without mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
