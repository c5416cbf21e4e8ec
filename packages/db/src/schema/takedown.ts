import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { services } from "./services.ts";

// The takedown (ADR 021), a service the product performs itself: its notices, one per URL.

/**
 * One URL of a takedown (at most three, spec §5), with the DSA notice written for it and what became of it:
 * PENDING until staff send it, SENT, then the platform's answer REMOVED, REFUSED or NO_ANSWER.
 */
export const takedownNotices = pgTable(
  "takedown_notices",
  {
    id: id(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    /** 1 to 3, the order the client gave. */
    position: integer("position").notNull(),
    url: text("url").notNull(),
    /** The known platform of the URL's host (core takedown platforms), or null. */
    platform: text("platform"),
    status: text("status").notNull().default("PENDING"),
    /** Where staff sent the notice (the platform's form, an address) and when. */
    sentVia: text("sent_via"),
    sentAt: timestamptz("sent_at"),
    answeredAt: timestamptz("answered_at"),
    /** Staff's note on the answer (a reference number, the platform's reason); shown to staff only. */
    staffNote: text("staff_note"),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("takedown_notices_service_position_key").on(t.serviceId, t.position),
    check("takedown_notices_position_check", sql`${t.position} between 1 and 3`),
    check(
      "takedown_notices_status_check",
      sql`${t.status} in ('PENDING', 'SENT', 'REMOVED', 'REFUSED', 'NO_ANSWER')`,
    ),
  ],
);
