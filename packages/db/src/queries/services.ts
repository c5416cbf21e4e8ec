import { PAID_ORDER_STATUSES } from "@argine/core/orders/lifecycle";
import { QUEUED_SERVICE_TYPES, WAITING_SERVICE_STATUSES } from "@argine/core/services/lifecycle";
import type { ServiceStatus } from "@argine/core/services/service-messages";
import type { ServiceType } from "@argine/core/services/service-type";
import type { FileSide } from "@argine/core/services/services-api";
import type { FileKind } from "@argine/core/uploads/file-kind";
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, sum } from "drizzle-orm";
import type { Db } from "../client.ts";
import { userRoles, users } from "../schema/identity.ts";
import { orderLines, orders } from "../schema/orders.ts";
import { practices } from "../schema/practices.ts";
import { services, uploadedFiles } from "../schema/services.ts";

// The services bought on a practice and their files (ADR 020). A change is one conditional update: it
// happens only from the state the caller saw, so two people acting at once cannot both win.

export type ServiceRow = typeof services.$inferSelect;
export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

/** A practice's services, in the order they were bought (services_practice_idx). */
export async function listPracticeServices(db: Db, practiceId: string): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .where(eq(services.practiceId, practiceId))
    .orderBy(asc(services.createdAt), asc(services.id));
}

/** A service with what its access and its mails need from the practice. */
export interface ServiceWithPractice {
  service: ServiceRow;
  practice: { id: string; ownerId: string | null; ticketCode: string; status: string; anonymous: boolean };
}

/** Primary key. */
export async function findServiceWithPractice(db: Db, id: string): Promise<ServiceWithPractice | undefined> {
  const [row] = await db
    .select({
      service: services,
      practice: {
        id: practices.id,
        ownerId: practices.ownerId,
        ticketCode: practices.ticketCode,
        status: practices.status,
        anonymous: practices.anonymous,
      },
    })
    .from(services)
    .innerJoin(practices, eq(practices.id, services.practiceId))
    .where(eq(services.id, id));
  return row;
}

/** The files of some services (uploaded_files_service_side_key). */
export async function listServiceFiles(db: Db, serviceIds: readonly string[]): Promise<UploadedFileRow[]> {
  if (!serviceIds.length) return [];
  return db.select().from(uploadedFiles).where(inArray(uploadedFiles.serviceId, serviceIds));
}

/** The file on one side of a service, sent or not (uploaded_files_service_side_key). */
export async function findServiceFile(
  db: Db,
  serviceId: string,
  side: FileSide,
): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.serviceId, serviceId), eq(uploadedFiles.side, side)));
  return row;
}

/** A sent file of the service by its name, either side (uploaded_files_service_side_key: two rows at most). */
export async function findSentFileByName(
  db: Db,
  serviceId: string,
  fileName: string,
): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.serviceId, serviceId),
        eq(uploadedFiles.fileName, fileName),
        sql`${uploadedFiles.uploadDate} is not null`,
      ),
    )
    .orderBy(desc(uploadedFiles.uploadDate))
    .limit(1);
  return row;
}

/**
 * The file about to be sent on a side, replacing one chosen and never sent; undefined when that side
 * already holds a sent file (it must be deleted first). The unique index makes two uploads at once one.
 */
export async function putPendingFile(
  db: Db,
  file: {
    serviceId: string;
    side: FileSide;
    fileName: string;
    storageKey: string;
    size: number;
    uploadedBy: string;
  },
  at: Date,
): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .insert(uploadedFiles)
    .values({ ...file, createdAt: at })
    .onConflictDoUpdate({
      target: [uploadedFiles.serviceId, uploadedFiles.side],
      set: {
        fileName: file.fileName,
        storageKey: file.storageKey,
        size: file.size,
        uploadedBy: file.uploadedBy,
        kind: null,
        sha256: null,
        createdAt: at,
      },
      setWhere: sql`${uploadedFiles.uploadDate} is null`,
    })
    .returning();
  return row;
}

/**
 * Marks a chosen file sent, once: only while it is still unsent and still the upload that was checked
 * (`uploadKey`: choosing another file meanwhile gives the row another key). The row then names the checked
 * copy (`storageKey`) and its hash.
 */
export async function markFileSent(
  db: Db,
  id: string,
  uploadKey: string,
  sent: { kind: FileKind | null; size: number; storageKey: string; sha256: string },
  at: Date,
): Promise<UploadedFileRow | undefined> {
  const [row] = await db
    .update(uploadedFiles)
    .set({ ...sent, uploadDate: at })
    .where(
      and(
        eq(uploadedFiles.id, id),
        eq(uploadedFiles.storageKey, uploadKey),
        isNull(uploadedFiles.uploadDate),
      ),
    )
    .returning();
  return row;
}

export async function deleteServiceFile(db: Db, id: string): Promise<UploadedFileRow | undefined> {
  const [row] = await db.delete(uploadedFiles).where(eq(uploadedFiles.id, id)).returning();
  return row;
}

/** Moves a service from the status the caller saw to another; undefined when it had moved meanwhile. */
export async function changeServiceStatus(
  db: Db,
  id: string,
  from: ServiceStatus,
  to: ServiceStatus,
  at: Date,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ status: to, updatedAt: at })
    .where(and(eq(services.id, id), eq(services.status, from)))
    .returning();
  return row;
}

/** Hands the service to `lawyerId` (or nobody) from the assignee the caller saw; undefined if it changed. */
export async function assignService(
  db: Db,
  id: string,
  change: { from: string | null; to: string | null },
  at: Date,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ assignedLawyerId: change.to, assignedAt: change.to ? at : null, updatedAt: at })
    .where(
      and(
        eq(services.id, id),
        change.from === null ? isNull(services.assignedLawyerId) : eq(services.assignedLawyerId, change.from),
      ),
    )
    .returning();
  return row;
}

/** Records the mandate's acceptance, once per version. */
export async function acceptServiceMandate(
  db: Db,
  id: string,
  version: string,
  at: Date,
): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ mandateVersion: version, mandateAcceptedAt: at, updatedAt: at })
    .where(
      and(eq(services.id, id), or(isNull(services.mandateVersion), ne(services.mandateVersion, version))),
    )
    .returning();
  return row;
}

export interface QueueRow {
  service: ServiceRow;
  ticketCode: string;
  lawyerName: string | null;
  lawyerLastname: string | null;
}

/**
 * The staff's queue: paid services of the types staff work by hand, waiting for work, on practices not
 * closed. The caller's own first, then the unassigned, then the colleagues'; oldest first within each
 * (services_waiting_idx). Bounded: a queue longer than this is a staffing problem, not a page to scroll.
 */
export async function listServiceQueue(
  db: Db,
  query: { actorId: string; serviceType?: ServiceType },
  limit = 500,
): Promise<QueueRow[]> {
  return db
    .select({
      service: services,
      ticketCode: practices.ticketCode,
      lawyerName: users.name,
      lawyerLastname: users.lastname,
    })
    .from(services)
    .innerJoin(practices, eq(practices.id, services.practiceId))
    .leftJoin(users, eq(users.id, services.assignedLawyerId))
    .where(
      and(
        inArray(services.status, [...WAITING_SERVICE_STATUSES]),
        inArray(services.serviceType, query.serviceType ? [query.serviceType] : [...QUEUED_SERVICE_TYPES]),
        ne(practices.status, "CLOSED"),
      ),
    )
    .orderBy(
      // The caller's, then nobody's, then the colleagues': an unassigned row compares as null, not false.
      sql`case when ${services.assignedLawyerId} = ${query.actorId} then 0 when ${services.assignedLawyerId} is null then 1 else 2 end`,
      asc(services.createdAt),
      asc(services.id),
    )
    .limit(limit);
}

/** Lawyers and admins, by name: who a service can be assigned to. */
export async function listStaffMembers(db: Db): Promise<{ id: string; name: string; lastname: string }[]> {
  return db
    .selectDistinct({ id: users.id, name: users.name, lastname: users.lastname })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .orderBy(asc(users.lastname), asc(users.name), asc(users.id));
}

/** What the client paid for a type of service on a practice, in cents, over its paid orders (orders_practice_idx). */
export async function paidCentsFor(db: Db, practiceId: string, productCode: ServiceType): Promise<number> {
  const [row] = await db
    .select({ cents: sum(orderLines.finalPriceCents).mapWith(Number) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.practiceId, practiceId),
        eq(orderLines.productCode, productCode),
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
        isNull(orderLines.refundId),
      ),
    );
  return row?.cents ?? 0;
}
