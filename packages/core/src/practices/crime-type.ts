import { z } from "zod";

// Crime types of a practice (spec §3).
export const CRIME_TYPES = [
  "DEFAMATION",
  "STALKING",
  "REVENGEPORN",
  "EXTORTION",
  "CYBERBULLYING",
  "CYBER_STALKING",
] as const;
export type CrimeType = (typeof CRIME_TYPES)[number];
export const CrimeTypeSchema = z.enum(CRIME_TYPES);

export const CRIME_TYPE_LABELS = {
  DEFAMATION: "Diffamazione",
  STALKING: "Stalking",
  REVENGEPORN: "Revenge porn",
  EXTORTION: "Estorsione",
  CYBERBULLYING: "Cyberbullismo",
  CYBER_STALKING: "Cyberstalking",
} as const satisfies Record<CrimeType, string>;

export function isCrimeType(value: unknown): value is CrimeType {
  return (CRIME_TYPES as readonly unknown[]).includes(value);
}

export function crimeTypeLabel(crimeType: string): string {
  return isCrimeType(crimeType) ? CRIME_TYPE_LABELS[crimeType] : crimeType;
}
