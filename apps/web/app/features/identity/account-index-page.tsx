import { Navigate, useLocation } from "react-router";
import { useAuthPending } from "../../shared/async/auth-state.ts";
import { DASHBOARD_PATH, LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import { AccountLayout } from "./account-layout.tsx";

/** /account: to the dashboard when signed in, to the login otherwise (keeping the query, e.g. practiceId). */
export function AccountIndexPage() {
  const auth = useAuthPending();
  const { search, state } = useLocation();
  if (auth.pending) {
    return (
      <AccountLayout title="Il tuo account">
        <p>Caricamento…</p>
      </AccountLayout>
    );
  }
  return auth.authenticated ? (
    <Navigate to={DASHBOARD_PATH} replace />
  ) : (
    <Navigate to={{ pathname: LOGIN_PATH, search }} state={state} replace />
  );
}
