import { z } from "zod";

/** GET /v1/services/{id}/legalization-archive: every file still kept, with its manifest (a download). */
export const ZipFileSchema = z.string().meta({ description: "L'archivio .zip dei file" });
