import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";

// Service types sold on a practice (spec §3). INJUCTION (diffida) is the provider's spelling, kept as is.
export const SERVICE_TYPE = labelledEnum({
  LEGALIZATION: "Legalizzazione",
  TAKEDOWN: "Takedown",
  INJUCTION: "Diffida",
  ADVICE: "Consulenza",
  DEFENCE: "Difesa Legale",
  PACKAGE: "Pacchetto",
  /** A request for compensation, handled by a lawyer like advice (ADR 019); also a public page (spec §1). */
  COMPENSATION: "Risarcimento",
});
export type ServiceType = EnumValue<typeof SERVICE_TYPE>;

/** What the package bundles (spec §1): legalization, takedown and formal notice. */
export const PACKAGE_SERVICE_TYPES = [
  "LEGALIZATION",
  "TAKEDOWN",
  "INJUCTION",
] as const satisfies readonly ServiceType[];
