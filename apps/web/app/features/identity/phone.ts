/**
 * Spaces, dots, hyphens, slashes and brackets people type in phone numbers ("+39 333 123-4567") are dropped
 * before validation: the shared rule accepts digits with an optional leading "+".
 */
export function compactPhone(value: unknown): string {
  return typeof value === "string" ? value.replace(/[\s.()/-]/g, "") : "";
}
