const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text as XML character data or an attribute value: its five special characters escaped. */
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
