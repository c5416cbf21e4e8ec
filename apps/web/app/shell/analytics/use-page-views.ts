import { useEffect } from "react";
import { useLocation } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { trackEvent } from "../../shared/data-layer/data-layer.ts";

/**
 * A page-view event on every navigation (spec §2 "Behaviours"), the first page included. Only the path is
 * sent — never the query or the hash, which may carry tokens — and trackEvent drops it without consent.
 */
export function usePageViews() {
  const { pathname } = useLocation();
  const userId = useCurrentUser()?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per path, not per sign-in change
  useEffect(() => {
    trackEvent("page_view", userId, { path: pathname });
  }, [pathname]);
}
