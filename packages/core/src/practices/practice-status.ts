import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";

// Practice statuses and their labels (spec §4). TO_PAID is the provider's spelling, kept as is.
export const PRACTICE_STATUS = labelledEnum({
  PENDING: "in attesa",
  OPEN: "aperto",
  CLOSED: "conclusa",
  TO_PAID: "da pagare",
});
export type PracticeStatus = EnumValue<typeof PRACTICE_STATUS>;
