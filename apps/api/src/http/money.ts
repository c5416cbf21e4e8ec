/** The database keeps integer cents; the API speaks euros as numbers (spec §3 "price"). */
export const fromCents = (cents: number): number => cents / 100;
