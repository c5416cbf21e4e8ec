import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";

// Three-valued answers on a practice (spec §3): the victim may not know.

/**
 * How people see the spec's "shitstorm" flag (many people attacking at once): in plain Italian, for victims
 * and lawyers alike. The API keeps the spec's name and values.
 */
export const SHITSTORM_TERM = "Attacco di massa";

export const SHITSTORM = labelledEnum({
  YES: "Sì",
  NOT: "No",
  UNKNOWN: "Non so",
});
export type Shitstorm = EnumValue<typeof SHITSTORM>;

export const PSYCHOLOGICAL_SUPPORT = labelledEnum({
  NEEDED: "Necessario",
  NOT_NEEDED: "Non necessario",
  UNKNOWN: "Non so",
});
export type PsychologicalSupport = EnumValue<typeof PSYCHOLOGICAL_SUPPORT>;
