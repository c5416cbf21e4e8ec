import type { Db } from "../client.ts";
import { auditLog } from "../schema/audit.ts";

/**
 * One line of the audit log: who did what to which resource (docs/architecture.md, the audit log: every staff
 * read of a practice).
 */
export async function recordAudit(
  db: Db,
  entry: {
    actorId: string | null;
    action: string;
    resourceType: string;
    resourceId: string;
    meta?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}
