/** A plain object read from JSON, storage or history state: something whose fields may be looked at. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
