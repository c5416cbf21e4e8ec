import { z } from "zod";
import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";

// Practice statuses and their labels (spec §4). TO_PAID is the provider's spelling, kept as is.
export const PRACTICE_STATUS = labelledEnum({
  PENDING: "in attesa",
  OPEN: "aperto",
  CLOSED: "conclusa",
  TO_PAID: "da pagare",
});
export type PracticeStatus = EnumValue<typeof PRACTICE_STATUS>;

/** PATCH /v1/practices/{id}/status: clients can only close; staff also reopen (lifecycle.ts decides). */
export const PracticeStatusUpdateBodySchema = z.object({ status: PRACTICE_STATUS.schema });
export type PracticeStatusUpdateBody = z.infer<typeof PracticeStatusUpdateBodySchema>;
