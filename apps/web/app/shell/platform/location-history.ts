import { ROUTER_HISTORY_SIZE } from "@argine/core/shared/constants";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { createStore, useStore } from "../../shared/store/create-store.ts";

export interface VisitedLocation {
  pathname: string;
  search: string;
}

/** The previous locations inside the app, newest last, at most ROUTER_HISTORY_SIZE (spec §9: 10). */
const historyStore = createStore<readonly VisitedLocation[]>([]);

export function rememberLocation(
  history: readonly VisitedLocation[],
  location: VisitedLocation,
  limit: number = ROUTER_HISTORY_SIZE,
): readonly VisitedLocation[] {
  const last = history.at(-1);
  if (last && last.pathname === location.pathname && last.search === location.search) return history;
  return [...history, location].slice(-limit);
}

/** Records each location the router leaves (spec §2: the router keeps the last 10 previous locations). */
export function useLocationHistory() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    return () => historyStore.setState((history) => rememberLocation(history, { pathname, search }));
  }, [pathname, search]);
}

/** The location before the current one inside the app, if any. */
export function usePreviousLocation(): VisitedLocation | null {
  return useStore(historyStore, (history) => history.at(-1) ?? null);
}
