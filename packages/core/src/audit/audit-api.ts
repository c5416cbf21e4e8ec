import { z } from "zod";
import { isIsoDate } from "../shared/calendar.ts";
import { MESSAGES } from "../shared/messages.ts";
import { PagingQuerySchema } from "../shared/paging.ts";

// The admins' view of the audit log (docs/architecture.md, the audit log): its lines, newest first, filtered
// by who acted (an account's id or e-mail), the action, the resource's id and Rome calendar days.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);
/** A Rome calendar day (an empty field: none). */
const Day = optionalText(10).refine((day) => day === undefined || isIsoDate(day), {
  error: MESSAGES.invalidDate,
});

export const AuditListQuerySchema = PagingQuerySchema.extend({
  /** Whoever acted: the account's id, or its e-mail address. */
  actor: optionalText(254),
  action: optionalText(80),
  /** A resource's id: the line's own, or one of the ids a read listed. */
  subject: optionalText(80),
  from: Day,
  to: Day,
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditLineSchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  /** Null: an operator's command on the server, or an account no longer there. */
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  resourceType: z.string(),
  resourceId: z.string(),
  meta: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLine = z.infer<typeof AuditLineSchema>;

export const AuditListSchema = z.object({ total: z.number().int(), data: z.array(AuditLineSchema) });
export type AuditList = z.infer<typeof AuditListSchema>;

/** The admins' filter form: the query's filters without the page. */
export const AuditFilterSchema = AuditListQuerySchema.pick({
  actor: true,
  action: true,
  subject: true,
  from: true,
  to: true,
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;
