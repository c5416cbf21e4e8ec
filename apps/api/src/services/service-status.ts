import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { serviceStatusChangeError } from "@argine/core/services/lifecycle";
import { SERVICE_ERRORS } from "@argine/core/services/service-messages";
import type { PracticeService, ServiceStatusBody } from "@argine/core/services/services-api";
import { findServiceFile } from "@argine/db/queries/services";
import type { Deps } from "../deps.ts";
import { authorizedService } from "./service-access.ts";
import { assertTypeMatches, moveService, oneView } from "./service-steps.ts";

/** PATCH /v1/services/{id}/status (staff): the table of core services/lifecycle.ts, an audit line, a mail. */
export function changeStatus(
  deps: Deps,
  actor: Actor,
  id: string,
  body: ServiceStatusBody,
): Promise<PracticeService> {
  return deps.db.transaction(async (tx) => {
    const found = await authorizedService(tx, actor, id, "change-status", { audit: false });
    const { service, practice } = found;
    assertTypeMatches(service, body.serviceType);
    if (service.status === body.status) return oneView(tx, service);
    if (practice.status === "CLOSED") throw new AppError("CONFLICT", SERVICE_ERRORS.practiceClosed);
    const document = await findServiceFile(tx, id, "STAFF");
    const problem = serviceStatusChangeError(
      { ...service, hasDocument: Boolean(document?.uploadDate) },
      body.status,
    );
    if (problem) throw new AppError("CONFLICT", problem);
    const changed = await moveService(deps, tx, actor, found, body.status);
    return oneView(tx, changed);
  });
}
