import { z } from "zod";

// Three-valued answers on a practice (spec §3): the victim may not know.

/**
 * How people see the spec's "shitstorm" flag (many people attacking at once): in plain Italian, for victims
 * and lawyers alike. The API keeps the spec's name and values.
 */
export const SHITSTORM_TERM = "Attacco di massa";

export const SHITSTORM_VALUES = ["YES", "NOT", "UNKNOWN"] as const;
export type Shitstorm = (typeof SHITSTORM_VALUES)[number];
export const ShitstormSchema = z.enum(SHITSTORM_VALUES);

export const SHITSTORM_LABELS = {
  YES: "Sì",
  NOT: "No",
  UNKNOWN: "Non so",
} as const satisfies Record<Shitstorm, string>;

export const PSYCHOLOGICAL_SUPPORT_VALUES = ["NEEDED", "NOT_NEEDED", "UNKNOWN"] as const;
export type PsychologicalSupport = (typeof PSYCHOLOGICAL_SUPPORT_VALUES)[number];
export const PsychologicalSupportSchema = z.enum(PSYCHOLOGICAL_SUPPORT_VALUES);

export const PSYCHOLOGICAL_SUPPORT_LABELS = {
  NEEDED: "Necessario",
  NOT_NEEDED: "Non necessario",
  UNKNOWN: "Non so",
} as const satisfies Record<PsychologicalSupport, string>;
