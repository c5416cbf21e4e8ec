import { PRODUCT_CODES } from "@argine/core/catalogue/product";
import { SERVICE_TYPE } from "@argine/core/services/service-type";

// What the catalogue's admin tables show and what its forms read back: calendar days, product names.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A day picked in an <input type="date"> ("2026-12-31") as the instant the API stores: its first moment for
 * a start, its last for an end or an expiry, in the browser's time zone (the team works from Italy). Empty
 * means none.
 */
export function dayToIso(day: string, edge: "start" | "end"): string | null {
  const match = DAY.exec(day.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = edge === "start" ? new Date(y, m - 1, d, 0, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59, 999);
  return date.toISOString();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar day of an instant, in the browser's time zone, as an <input type="date"> value. */
export function isoToDay(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The Italian name of a product code ("INJUCTION" → "Diffida"). */
export function productName(code: string): string {
  return code === "FEEDBACK" ? "Feedback" : SERVICE_TYPE.label(code);
}

/** The products a campaign or a gift card covers; none listed means all of them. */
export function productList(codes: readonly string[]): string {
  return codes.length === 0 ? "Tutti i servizi" : codes.map(productName).join(", ");
}

/** Whether two lists of product codes name the same products, in any order. */
export const sameCodes = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

export const PRODUCT_OPTIONS = PRODUCT_CODES.map((code) => ({ value: code, label: productName(code) }));
