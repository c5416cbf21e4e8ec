// The spec gives some public paths in two spellings (§2 "Public routes"). The site answers the canonical
// one; the other is a permanent redirect, kept in one table for the server (301) and the client router.
export const LEGACY_PATH_REDIRECTS: Readonly<Record<string, string>> = {
  "/education/hateSpeech": "/education/hate-speech",
  "/education/revengePorn": "/education/revenge-porn",
  "/services/formalNotice": "/services/formal-notice",
};

/** The canonical path for a legacy spelling (a trailing slash tolerated), or null. */
export function legacyRedirect(path: string): string | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return LEGACY_PATH_REDIRECTS[clean] ?? null;
}
