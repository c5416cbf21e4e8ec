import { AppError } from "@argine/core/errors/app-error";
import { deviceName } from "@argine/core/identity/devices";
import { type Actor, usersPolicy } from "@argine/core/identity/policy";
import type { DeviceList } from "@argine/core/identity/users-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { endOidcDevice, listOidcDevices, revokeOidcAccount } from "@argine/db/queries/oidc";
import { audit } from "../audit/audit.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";

// One's signed-in devices (the profile's "Dispositivi collegati"): each is a grant of the embedded provider
// (one sign-in of one browser). Ending one revokes its grant: its refresh token fails at once, its access
// tokens on their next request (identity/authenticate.ts), its open sockets within a second
// (conversations/session-watch.ts). An external provider keeps its sessions itself: the list is empty.

/** GET /v1/users/me/devices; `grantId` is the caller's own (request.grantId), marked as this device. */
export async function listDevices(deps: Deps, actor: Actor, grantId: string | null): Promise<DeviceList> {
  authorizeAction(usersPolicy(actor, "manage-devices"));
  if (!deps.config.identity.embedded) return { data: [] };
  const rows = await listOidcDevices(deps.db, actor.userId);
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: deviceName(row.userAgent),
      signedInAt: row.signedInAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.grantId === grantId,
    })),
  };
}

/** DELETE /v1/users/me/devices/{id}: one of the caller's own devices (another's is 404); the rest answer. */
export async function endDevice(
  deps: Deps,
  actor: Actor,
  { deviceId, grantId }: { deviceId: string; grantId: string | null },
): Promise<DeviceList> {
  authorizeAction(usersPolicy(actor, "manage-devices"));
  const ended = await deps.db.transaction(async (tx) => {
    if (!(await endOidcDevice(tx, actor.userId, deviceId))) return false;
    await audit(tx, actor, "user.device.end", actor.userId);
    return true;
  });
  if (!ended) throw new AppError("NOT_FOUND");
  return listDevices(deps, actor, grantId);
}

/** DELETE /v1/users/me/devices: every device of the account, the caller's own included. */
export async function endAllDevices(deps: Deps, actor: Actor): Promise<{ message: string }> {
  authorizeAction(usersPolicy(actor, "manage-devices"));
  await deps.db.transaction(async (tx) => {
    const count = deps.config.identity.embedded ? await revokeOidcAccount(tx, actor.userId) : 0;
    await audit(tx, actor, "user.device.end-all", actor.userId, { count });
  });
  return { message: MESSAGES.allDevicesEnded };
}
