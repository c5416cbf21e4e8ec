import { z } from "zod";
import { RequiredStringSchema } from "../shared/fields.ts";

// One's own data (GDPR arts. 15 and 20; ADR 037): "Scarica i miei dati" asks for a ZIP, built by a job and
// mailed as a link that works once, for the signed-in owner, for EXPORT_LINK_DAYS days.

/** How long the mailed link of an export works (once). */
export const EXPORT_LINK_DAYS = 7;

/** The query of the profile's data page that carries the mailed link's token. */
export const EXPORT_TOKEN_PARAM = "export";

export const DataExportStateSchema = z.object({
  /** NONE: nothing asked; PENDING: being prepared; READY: mailed, waiting for its download. */
  status: z.enum(["NONE", "PENDING", "READY"]),
  requestedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type DataExportState = z.infer<typeof DataExportStateSchema>;

export const DataExportDownloadQuerySchema = z.object({ token: RequiredStringSchema.max(200) });

/** The archive's file name, the same from the API and in the browser that saves it. */
export const DATA_EXPORT_FILE_NAME = "argine-i-miei-dati.zip";

export const DataExportFileSchema = z.string().meta({ description: "L'archivio .zip dei tuoi dati" });

/** "Elimina il mio account": the current password, asked again in the same dialog. */
export const AccountErasureBodySchema = z.object({ password: RequiredStringSchema.max(200) });
export type AccountErasureBody = z.infer<typeof AccountErasureBodySchema>;
