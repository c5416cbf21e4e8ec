import { z } from "zod";

// Service types sold on a practice (spec §3). INJUCTION (diffida) is the provider's spelling, kept as is.
export const SERVICE_TYPES = [
  "LEGALIZATION",
  "TAKEDOWN",
  "INJUCTION",
  "ADVICE",
  "DEFENCE",
  "PACKAGE",
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const ServiceTypeSchema = z.enum(SERVICE_TYPES);

export const SERVICE_TYPE_NAMES = {
  LEGALIZATION: "Legalizzazione",
  TAKEDOWN: "Takedown",
  INJUCTION: "Diffida",
  ADVICE: "Consulenza",
  DEFENCE: "Difesa Legale",
  PACKAGE: "Pacchetto",
} as const satisfies Record<ServiceType, string>;

/** What the package bundles (spec §1): legalization, takedown and formal notice. */
export const PACKAGE_SERVICE_TYPES = [
  "LEGALIZATION",
  "TAKEDOWN",
  "INJUCTION",
] as const satisfies readonly ServiceType[];

export function isServiceType(value: unknown): value is ServiceType {
  return (SERVICE_TYPES as readonly unknown[]).includes(value);
}

export function serviceTypeName(serviceType: string): string {
  return isServiceType(serviceType) ? SERVICE_TYPE_NAMES[serviceType] : serviceType;
}
