import type { AuthConfig } from "@argine/core/identity/users-api";
import { useQuery } from "@tanstack/react-query";
import { useOidcClient } from "./auth-session.ts";

/**
 * GET /v1/auth/config, once per page load. `embedded: false` means an external provider manages accounts:
 * registration and password reset happen there.
 */
export function useAuthConfig(): { config: AuthConfig | undefined; loading: boolean } {
  const client = useOidcClient();
  const query = useQuery({
    queryKey: ["auth", "config"],
    queryFn: () => client.getConfig(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { hideError: true, hideSpinner: true },
  });
  return { config: query.data, loading: query.isPending };
}
