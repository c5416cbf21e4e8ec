import { type CatalogueAction, cataloguePolicy } from "@argine/core/catalogue/policy";
import { AppError } from "@argine/core/errors/app-error";
import type { Actor } from "@argine/core/identity/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import { fromCents, toCents } from "@argine/core/shared/money";
import type { Db } from "@argine/db/client";
import { audit } from "../audit/audit.ts";
import type { Deps } from "../deps.ts";
import { authorizeAction } from "../identity/authorize.ts";

// What the catalogue's admin use cases share: the policy check, one transaction per change with its
// audit line, the use cases of campaigns, vouchers and gift cards (alike but for their rows), and the
// conversions between the API's euros and ISO instants and the database's cents and dates.

/** The caller, if the catalogue's policy lets them `action`: 401 without a session, 403 for anyone else. */
export function catalogueActor(actor: Actor | null, action: CatalogueAction): Actor {
  if (!actor) throw new AppError("UNAUTHORIZED");
  authorizeAction(cataloguePolicy(actor, action));
  return actor;
}

/** The names of the fields a body sets: what the audit log records of a change, never their content. */
const fieldsOf = (body: object) =>
  Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .sort();

/** The entries of CodedEntries, by the resource type of their audit lines. */
type CodedResource = "campaign" | "voucher" | "gift-card";
/** The audit lines of the catalogue's changes: `<resource type>.<create|update>`. */
type CatalogueChange = "product.update" | `${CodedResource}.${"create" | "update"}`;

/**
 * One admin change as one transaction: `write` (which may lock its row and refuse the change by throwing) and
 * the audit line `action` naming the resource and the fields `body` sets, both or neither. `write` answering
 * no row is a 409 for a create (the code is taken) and a 404 for an update. `write` comes before the audit's
 * description so that it types `Row`.
 */
export function auditedChange<Row>(
  deps: Deps,
  actor: Actor,
  write: (tx: Db) => Promise<Row | undefined>,
  change: { action: CatalogueChange; idOf: (row: Row) => string; body: object },
): Promise<Row> {
  return deps.db.transaction(async (tx) => {
    const row = await write(tx);
    if (!row) throw change.action.endsWith(".create") ? codeTaken() : new AppError("NOT_FOUND");
    await audit(tx, actor, change.action, change.idOf(row), { fields: fieldsOf(change.body) });
    return row;
  });
}

/**
 * What campaigns, vouchers and gift cards are to their admin use cases: rows with a unique code, listed,
 * created (`insert` answers nothing when the code is taken) and changed by id (`update` answers nothing when
 * there is no such row; it may lock the row and refuse the change by throwing).
 */
export interface CodedEntries<Row extends { id: string }, View, Create extends object, Patch extends object> {
  resourceType: CodedResource;
  list(db: Db): Promise<Row[]>;
  view(row: Row): View;
  insert(tx: Db, body: Create): Promise<Row | undefined>;
  update(tx: Db, id: string, body: Patch): Promise<Row | undefined>;
}

/** The three use cases of such entries: every one (read-all), a new one and a change (manage), audited. */
export function codedEntriesService<
  Row extends { id: string },
  View,
  Create extends object,
  Patch extends object,
>(entries: CodedEntries<Row, View, Create, Patch>) {
  const change = (verb: "create" | "update", body: object) => ({
    action: `${entries.resourceType}.${verb}` as const,
    idOf: (row: Row) => row.id,
    body,
  });
  return {
    async all(deps: Deps, actor: Actor | null): Promise<View[]> {
      catalogueActor(actor, "read-all");
      return (await entries.list(deps.db)).map(entries.view);
    },
    async add(deps: Deps, actor: Actor | null, body: Create): Promise<View> {
      const manager = catalogueActor(actor, "manage");
      return entries.view(
        await auditedChange(deps, manager, (tx) => entries.insert(tx, body), change("create", body)),
      );
    },
    async change(deps: Deps, actor: Actor | null, id: string, body: Patch): Promise<View> {
      const manager = catalogueActor(actor, "manage");
      return entries.view(
        await auditedChange(deps, manager, (tx) => entries.update(tx, id, body), change("update", body)),
      );
    },
  };
}

/** A 400 on one field, shaped like the validation errors (the form puts it under that field). */
export const fieldError = (field: string, message: string) =>
  new AppError("BAD_REQUEST", message, { issues: [{ path: [field], message }] });

const codeTaken = () =>
  new AppError("CONFLICT", MESSAGES.codeTaken, { issues: [{ path: ["code"], message: MESSAGES.codeTaken }] });

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const date = (s: string | null) => (s === null ? null : new Date(s));
export const cents = (euros: number | null) => (euros === null ? null : toCents(euros));
export const euros = (c: number | null) => (c === null ? null : fromCents(c));
export const unique = <T>(values: readonly T[]) => [...new Set(values)];
