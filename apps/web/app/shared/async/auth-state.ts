import { AUTH_PENDING_POLL_MS } from "@argine/core/shared/constants";
import { useEffect, useState } from "react";
import { useAppState, useAppStateStore } from "./app-state.ts";
import type { SessionUser } from "./session-user.ts";

export type AuthPending = { pending: true } | { pending: false; authenticated: boolean };

const PENDING: AuthPending = { pending: true };

/**
 * Spec §4: polls every 50 ms until the session check has finished, then reports `pending: false` and whether
 * the user is authenticated (following later changes, e.g. a logout or an expired session, as they happen).
 */
export function useAuthPending(pollMs: number = AUTH_PENDING_POLL_MS): AuthPending {
  const store = useAppStateStore();
  const [finished, setFinished] = useState(() => store.getState().authStatus !== "unknown");
  const status = useAppState((state) => state.authStatus);
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => {
      if (store.getState().authStatus === "unknown") return;
      clearInterval(timer);
      setFinished(true);
    }, pollMs);
    return () => clearInterval(timer);
  }, [finished, store, pollMs]);
  if (!finished || status === "unknown") return PENDING;
  return { pending: false, authenticated: status === "authenticated" };
}

/** The signed-in user, or null. */
export function useCurrentUser(): SessionUser | null {
  return useAppState((state) => state.user);
}
