import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamptz } from "./columns.ts";

// Who did what to which resource: staff reads of victims' data and admin changes (docs/architecture.md, the
// audit log).

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    meta: jsonb("meta"),
    at: timestamptz("at").notNull().defaultNow(),
  },
  (t) => [
    // A resource's lines: the client's "Chi ha visto la mia pratica" (queries/audit.ts practiceAccessLines).
    index("audit_resource_idx").on(t.resourceType, t.resourceId),
    // The admins' browse, newest first, and the same for one actor (queries/audit.ts listAuditLines).
    index("audit_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_actor_at_idx").on(t.actorId, t.at.desc()),
  ],
);
