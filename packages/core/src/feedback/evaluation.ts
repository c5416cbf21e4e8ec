import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";

// The feedback evaluation of a practice (spec §4 "Evaluation values"). EXPIRED is a prescribed crime (the
// feedback result screen: "expired/prescribed crime").
export const EVALUATION = labelledEnum({
  EXPIRED: "reato prescritto o termine scaduto",
  NOTVALID: "non valida",
  VALID: "valida",
  WITHRESERVE: "valida con riserva",
});
export type Evaluation = EnumValue<typeof EVALUATION>;
