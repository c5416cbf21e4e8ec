import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * Reads a one-time token from the query string once (e.g. `?token=` of a mailed link) and removes it from
 * the address bar (history.replaceState through the router), so it stays out of the history, bookmarks and
 * screenshots. Returns the token read on arrival, or null.
 */
export function useUrlToken(name = "token"): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.search).get(name)?.trim() || null);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has(name)) return;
    params.delete(name);
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }, [location, name, navigate]);
  return token;
}
