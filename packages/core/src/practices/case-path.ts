// The per-case area (spec §2): {base}/{ticketCode}/..., the ticket code being the fourth path segment.
// Shared by the web router and the API's mails, which link to a case.

/** The practices' list in the dashboard (each practice with its unread messages). */
export const PRACTICES_LIST_PATH = "/dashboard/practices";
export const CASE_BASE = `${PRACTICES_LIST_PATH}/case`;

export function casePath(ticketCode: string, subPath = ""): string {
  return `${CASE_BASE}/${encodeURIComponent(ticketCode)}${subPath ? `/${subPath}` : ""}`;
}

/** The ticket code of a per-case path: its fourth segment; null elsewhere. */
export function ticketCodeOf(pathname: string): string | null {
  if (!pathname.startsWith(`${CASE_BASE}/`)) return null;
  const segment = pathname.split("/").filter(Boolean)[3];
  return segment ? decodeURIComponent(segment) : null;
}
