import type { ServiceStatus } from "@argine/core/services/service-messages";
import type { ServiceType } from "@argine/core/services/service-type";
import type { FileSide } from "@argine/core/services/services-api";
import type { FileKind } from "@argine/core/uploads/file-kind";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { practices } from "./practices.ts";

// The services a paid order makes on a practice (ADR 020), and their files: the client's and the lawyer's.

export const services = pgTable(
  "services",
  {
    id: id(),
    practiceId: uuid("practice_id")
      .notNull()
      .references(() => practices.id, { onDelete: "cascade" }),
    serviceType: text("service_type").$type<ServiceType>().notNull(),
    status: text("status").$type<ServiceStatus>().notNull().default("TO_START"),
    /** The lawyer doing the work (the staff's queue), and since when. */
    assignedLawyerId: uuid("assigned_lawyer_id").references(() => users.id, { onDelete: "set null" }),
    assignedAt: timestamptz("assigned_at"),
    /** DEFENCE: the engagement letter's version the client accepted, and when (core services/mandate.ts). */
    mandateVersion: text("mandate_version"),
    mandateAcceptedAt: timestamptz("mandate_accepted_at"),
    /** Made by the payment: the service's age in the queue. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("services_practice_idx").on(t.practiceId),
    // The staff's queue (core services/lifecycle.ts WAITING_SERVICE_STATUSES), oldest first.
    index("services_waiting_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('TO_START', 'IN_PROGRESS')`),
    check(
      "services_status_check",
      sql`${t.status} in ('TO_START', 'IN_PROGRESS', 'DOCUMENTS_READY', 'COMPLETED', 'CANCELLED')`,
    ),
  ],
);

export const uploadedFiles = pgTable(
  "uploaded_files",
  {
    id: id(),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    /**
     * Generated name in storage; never the user's file name. While the file is not sent, the key its upload
     * link writes; once checked, a key no link ever writes, holding the bytes the check read (ADR 024).
     */
    storageKey: text("storage_key").notNull(),
    /** The SHA-256 (hex) of the bytes checked at registration, verified before each download (ADR 024). */
    sha256: text("sha256"),
    size: integer("size").notNull(),
    kind: text("kind").$type<FileKind>(),
    /** The client's file for the lawyer, or the lawyer's finished document (core services-api.ts FILE_SIDE). */
    side: text("side").$type<FileSide>().notNull().default("CLIENT"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** Null while the file is chosen but not sent (spec §3 "Uploaded file"). */
    uploadDate: timestamptz("upload_date"),
    createdAt: createdAt(),
  },
  (t) => [
    // One file per side of a service at a time (the widget shows one): two uploads at once cannot both land.
    uniqueIndex("uploaded_files_service_side_key").on(t.serviceId, t.side),
    check("uploaded_files_side_check", sql`${t.side} in ('CLIENT', 'STAFF')`),
  ],
);
