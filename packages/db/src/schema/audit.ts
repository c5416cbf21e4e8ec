import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Who did what to which resource: staff reads of victims' data and admin changes (docs/architecture.md, the
// audit log).

export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    meta: jsonb("meta"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_resource_idx").on(t.resourceType, t.resourceId)],
);
