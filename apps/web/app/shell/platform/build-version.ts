import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** Where each build writes its id (vite.config.ts). */
export const APP_DATA_URL = "/page-data/app-data.json";

/** Reads the id of the build the server has now; null when it cannot tell (offline, development). */
export async function fetchServerBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher(APP_DATA_URL, { cache: "no-store" });
    if (!response.ok) return null;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === "string" ? body.buildId : null;
  } catch {
    return null;
  }
}

/**
 * Spec §2: "If the page build has changed, a full reload is done." After each navigation inside the app the
 * server's build id is compared with this bundle's; when a new version is out, the page the visitor just
 * opened is loaded again from the server, so its code and its data come from the same build.
 */
export function useReloadOnNewBuild(
  currentBuildId: string = __ARGINE_BUILD_ID__,
  reload: () => void = () => window.location.reload(),
) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation is the trigger
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let cancelled = false;
    void fetchServerBuildId().then((serverBuildId) => {
      if (!cancelled && serverBuildId && serverBuildId !== currentBuildId) reload();
    });
    return () => {
      cancelled = true;
    };
  }, [pathname]);
}
