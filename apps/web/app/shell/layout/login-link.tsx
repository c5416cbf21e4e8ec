import { Link, useLocation } from "react-router";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import { useHydrated } from "../../shared/ui/use-hydrated.ts";

/** The logged-out login button: goes to /account/login keeping the current query string (spec §2). */
export function LoginLink({ className }: { className?: string }) {
  const { search } = useLocation();
  // Prerendered pages are built without a query string: add it only once hydrated, so the HTML matches.
  const hydrated = useHydrated();
  return (
    <Link to={`${LOGIN_PATH}${hydrated ? search : ""}`} className={className}>
      Accedi
    </Link>
  );
}
