import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { mandateRequired } from "@argine/core/services/lifecycle";
import { DEFENCE_MANDATE_VERSION, defenceMandate } from "@argine/core/services/mandate";
import { SERVICE_ERRORS } from "@argine/core/services/service-messages";
import type { Mandate, MandateAcceptBody } from "@argine/core/services/services-api";
import type { Db } from "@argine/db/client";
import { acceptServiceMandate, paidCentsFor, type ServiceWithPractice } from "@argine/db/queries/services";
import { findUserById } from "@argine/db/queries/users";
import { audit } from "../audit/audit.ts";
import { now } from "../clock.ts";
import type { Deps } from "../deps.ts";
import { authorizedService } from "./service-access.ts";
import { assertServiceOpen } from "./service-steps.ts";
import { staffName } from "./service-view.ts";

// The defence's engagement letter (core services/mandate.ts, ADR 020): read by whoever reads the service,
// accepted by the client, version by version.

async function mandateOf(db: Db, { service, practice }: ServiceWithPractice): Promise<Mandate> {
  // While the client stays anonymous the letter names nobody: staff read it too (ADR 038).
  const client =
    practice.ownerId && !practice.anonymous ? await findUserById(db, practice.ownerId) : undefined;
  const lawyer = service.assignedLawyerId ? await findUserById(db, service.assignedLawyerId) : undefined;
  return {
    version: DEFENCE_MANDATE_VERSION,
    sections: defenceMandate({
      clientName: client ? staffName(client) : "la persona titolare della pratica",
      ticketCode: practice.ticketCode,
      paidCents: await paidCentsFor(db, practice.id, "DEFENCE"),
      lawyerName: lawyer ? staffName(lawyer) : null,
    }),
    acceptedAt: service.mandateAcceptedAt?.toISOString() ?? null,
    acceptedVersion: service.mandateVersion,
  };
}

function assertDefence(found: ServiceWithPractice): void {
  if (!mandateRequired(found.service.serviceType)) throw new AppError("NOT_FOUND");
}

/** GET /v1/services/{id}/mandate: the engagement letter of a legal defence, filled in, and its acceptance. */
export async function mandate(deps: Deps, actor: Actor, id: string): Promise<Mandate> {
  const found = await authorizedService(deps.db, actor, id, "read");
  assertDefence(found);
  return mandateOf(deps.db, found);
}

/** POST /v1/services/{id}/mandate (the client): accepts the version read, recorded with its time. */
export function acceptMandate(
  deps: Deps,
  actor: Actor,
  id: string,
  body: MandateAcceptBody,
): Promise<Mandate> {
  return deps.db.transaction(async (tx) => {
    const found = await authorizedService(tx, actor, id, "accept-mandate", { audit: false });
    assertDefence(found);
    assertServiceOpen(found, { cancelled: SERVICE_ERRORS.cancelled });
    if (body.version !== DEFENCE_MANDATE_VERSION)
      throw new AppError("CONFLICT", SERVICE_ERRORS.mandateChanged);
    // A lawyer cannot take on someone they may not know: the client lifts her anonymity first (ADR 038).
    if (found.practice.anonymous) throw new AppError("CONFLICT", SERVICE_ERRORS.mandateNeedsIdentity);
    const accepted = await acceptServiceMandate(tx, id, body.version, now(deps.clock));
    if (accepted) {
      await audit(tx, actor, "service.mandate-accepted", id, { version: body.version });
    }
    return mandateOf(tx, { ...found, service: accepted ?? found.service });
  });
}
