import { z } from "zod";

// The case page's reminders block: the client's opt-in and the countdown to the complaint deadline.

export const DeadlineRemindersSchema = z.object({
  /** The owner asked for the reminders (practices.deadline_reminders). */
  enabled: z.boolean(),
  /** The complaint deadline still ahead (an Italian day, YYYY-MM-DD), or null when none is due. */
  complaintDeadline: z.string().nullable(),
  /** Italian days from today to it: 0 on its last day; null without a deadline. */
  daysLeft: z.number().int().nullable(),
  /** Whether the owner may change the opt-in (not staff, not on a closed practice). */
  canChange: z.boolean(),
});
export type DeadlineReminders = z.infer<typeof DeadlineRemindersSchema>;

export const DeadlineRemindersBodySchema = z.object({ enabled: z.boolean() });
export type DeadlineRemindersBody = z.infer<typeof DeadlineRemindersBodySchema>;
