import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import type { HttpError } from "../../shared/http/http-error.ts";

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

/**
 * The mailed link's one-time token, read as above and sent once with `send` (confirm an address, a
 * subscription…): never twice, since a second use is refused. Returns the token and the send's state.
 */
export function useSendUrlTokenOnce<TResult>(send: (token: string) => Promise<TResult>) {
  const token = useUrlToken();
  const sent = useRef(false);
  const result = useMutation<TResult, HttpError, string>({ mutationFn: send, meta: { hideError: true } });
  const { mutate } = result;
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);
  return { token, result };
}
