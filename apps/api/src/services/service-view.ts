import { mandateRequired } from "@argine/core/services/lifecycle";
import type { FileSide, PracticeService, UploadedFile } from "@argine/core/services/services-api";
import type { Db } from "@argine/db/client";
import { listServiceFiles, type ServiceRow, type UploadedFileRow } from "@argine/db/queries/services";
import { findUserById } from "@argine/db/queries/users";

// A service as the API answers it (spec §3 "Service"): its status, its two files, its lawyer, the mandate.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function uploadedFileView(file: UploadedFileRow): UploadedFile {
  return { fileName: file.fileName, uploadDate: iso(file.uploadDate), side: file.side, size: file.size };
}

export const staffName = (user: { name: string; lastname: string }) => `${user.name} ${user.lastname}`.trim();

/**
 * The services with their sent files: a file chosen and not yet sent is the uploader's browser's business
 * (its upload may still fail), and a lawyer's document is the client's only once it is there.
 */
export async function serviceViews(db: Db, rows: readonly ServiceRow[]): Promise<PracticeService[]> {
  const files = await listServiceFiles(
    db,
    rows.map((row) => row.id),
  );
  const fileOf = (serviceId: string, side: FileSide) =>
    files.find((file) => file.serviceId === serviceId && file.side === side && file.uploadDate);
  const lawyers = new Map<string, { id: string; name: string } | null>();
  for (const id of new Set(rows.map((row) => row.assignedLawyerId).filter((id) => id !== null))) {
    const user = await findUserById(db, id);
    lawyers.set(id, user ? { id, name: staffName(user) } : null);
  }
  return rows.map((row) => {
    const document = fileOf(row.id, "STAFF");
    const clientFile = fileOf(row.id, "CLIENT");
    return {
      serviceId: row.id,
      serviceType: row.serviceType,
      status: row.status,
      clientFile: clientFile ? uploadedFileView(clientFile) : null,
      document: document ? uploadedFileView(document) : null,
      assignedLawyer: row.assignedLawyerId ? (lawyers.get(row.assignedLawyerId) ?? null) : null,
      mandateAcceptedAt: mandateRequired(row.serviceType) ? iso(row.mandateAcceptedAt) : null,
    };
  });
}
