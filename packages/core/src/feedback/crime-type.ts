import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";

// Crime types of a practice (spec §3).
export const CRIME_TYPE = labelledEnum({
  DEFAMATION: "Diffamazione",
  STALKING: "Stalking",
  REVENGEPORN: "Revenge porn",
  EXTORTION: "Estorsione",
  CYBERBULLYING: "Cyberbullismo",
  CYBER_STALKING: "Cyberstalking",
});
export type CrimeType = EnumValue<typeof CRIME_TYPE>;
