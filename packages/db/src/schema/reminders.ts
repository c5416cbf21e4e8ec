import { integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";
import { practices } from "./practices.ts";

// The complaint deadline's reminders a client opts into on the case page.

/**
 * A deadline reminder sent (30, 7 and 1 days before the practice's complaint deadline): its primary key makes
 * each one go once, whatever the job's retries.
 */
export const deadlineReminders = pgTable(
  "deadline_reminders",
  {
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    sentAt: timestamptz("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.daysBefore] })],
);
