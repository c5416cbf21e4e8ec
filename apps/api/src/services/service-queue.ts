import type { Actor } from "@argine/core/identity/policy";
import { mandateRequired } from "@argine/core/services/lifecycle";
import { servicesPolicy } from "@argine/core/services/policy";
import type { ServiceType } from "@argine/core/services/service-type";
import type { ServiceQueue, StaffMember } from "@argine/core/services/services-api";
import { listServiceQueue, listStaffMembers } from "@argine/db/queries/services";
import { audit } from "../audit/audit.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";
import { staffName } from "./service-view.ts";

/** GET /v1/services/queue (staff): the paid work waiting, the caller's first, then by age. */
export async function serviceQueue(
  deps: Deps,
  actor: Actor,
  query: { serviceType?: ServiceType },
): Promise<ServiceQueue> {
  authorizeAction(servicesPolicy(actor, "work-queue"));
  const rows = await listServiceQueue(deps.db, { actorId: actor.userId, ...query });
  await audit(deps.db, actor, "service.queue", rows.map((row) => row.service.id).join(",") || "-");
  return {
    items: rows.map(({ service, ticketCode, lawyerName, lawyerLastname }) => ({
      serviceId: service.id,
      serviceType: service.serviceType,
      status: service.status,
      practiceId: service.practiceId,
      ticketCode,
      paidAt: service.createdAt.toISOString(),
      assignedLawyer: service.assignedLawyerId
        ? {
            id: service.assignedLawyerId,
            name: staffName({ name: lawyerName ?? "", lastname: lawyerLastname ?? "" }),
          }
        : null,
      mandateAccepted: mandateRequired(service.serviceType) ? service.mandateAcceptedAt !== null : null,
    })),
  };
}

/** GET /v1/services/team (staff): who work can be assigned to. */
export async function serviceTeam(deps: Deps, actor: Actor): Promise<StaffMember[]> {
  authorizeAction(servicesPolicy(actor, "work-queue"));
  return (await listStaffMembers(deps.db)).map((user) => ({ id: user.id, name: staffName(user) }));
}
