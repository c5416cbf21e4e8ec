import { type ReactNode, useDeferredValue } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuthPending } from "../../shared/async/auth-state.ts";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import { IdleSignOut } from "./idle-sign-out.tsx";

/**
 * Renders its children only for a signed-in user. While the session check runs it shows a quiet status and
 * `pending`, a frame with nothing of the person's (a prerendered page paints it before its scripts run);
 * signed out, it goes to /account/login carrying the page to come back to (in the location state, so the
 * address bar stays clean). Signed in, the area signs out after a while without activity (idle-sign-out.tsx).
 */
export function RequireAuth({ children, pending }: { children: ReactNode; pending?: ReactNode }) {
  const current = useAuthPending();
  // Signed in, the protected page is drawn as a transition: React pauses between its components, so a phone's
  // main thread is not held for the whole page at once (issue 41). Signed out, it goes at once.
  const deferred = useDeferredValue(current);
  const auth = !current.pending && current.authenticated ? deferred : current;
  const { pathname, search } = useLocation();
  if (auth.pending) {
    return (
      <>
        <p role="status" className="visually-hidden">
          Verifica dell'accesso in corso…
        </p>
        {pending}
      </>
    );
  }
  if (!auth.authenticated) {
    return <Navigate to={LOGIN_PATH} replace state={{ returnTo: `${pathname}${search}` }} />;
  }
  return (
    <>
      {children}
      <IdleSignOut />
    </>
  );
}
