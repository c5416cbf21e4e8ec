import {
  openedWhat,
  PRACTICE_OPENINGS,
  SERVICE_OPENINGS,
  staffRoleLabel,
} from "@argine/core/audit/access-log";
import type { Actor } from "@argine/core/identity/policy";
import { practicesPolicy } from "@argine/core/practices/policy";
import type { PracticeAccess } from "@argine/core/practices/practices-api";
import { practiceAccessLines } from "@argine/db/queries/audit";
import { findPractice } from "@argine/db/queries/practices";
import { listPracticeServices } from "@argine/db/queries/services";
import type { Deps } from "../deps.ts";
import { authorize } from "../identity/authorize.ts";

/** The most lines the page shows: a case opened more often than this shows its latest openings. */
const ACCESS_LOG_LIMIT = 200;

/**
 * GET /v1/practices/{id}/access-log, "Chi ha visto la mia pratica": who among the staff opened the client's
 * case or one of its services, and when, from the staff-read lines of the audit log. The owner only (core's
 * practices policy, read-access-log): staff are refused (403), and a client reading their own log leaves no
 * line of its own.
 */
export async function readAccessLog(deps: Deps, actor: Actor, id: string): Promise<PracticeAccess[]> {
  const practice = await authorize(deps.db, actor, await findPractice(deps.db, id), {
    sees: (row) => practicesPolicy(actor, "read", row),
    may: (row) => practicesPolicy(actor, "read-access-log", row),
  });
  const services = await listPracticeServices(deps.db, practice.id);
  const lines = await practiceAccessLines(deps.db, {
    practiceId: practice.id,
    serviceIds: services.map((service) => service.id),
    practiceActions: Object.keys(PRACTICE_OPENINGS),
    serviceActions: Object.keys(SERVICE_OPENINGS),
    limit: ACCESS_LOG_LIMIT,
  });
  return lines.map((line) => ({
    at: line.at.toISOString(),
    name: line.name,
    role: staffRoleLabel(line.roles),
    what: openedWhat(line.action),
  }));
}
