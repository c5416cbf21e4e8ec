import { z } from "zod";
import { MAX_UPLOAD_BYTES } from "../shared/constants.ts";
import { MESSAGES } from "../shared/messages.ts";

// What a service document upload may be (spec §5 "Upload"): .pdf, .doc, .docx or .zip, at most 30 MB.

export const ALLOWED_UPLOAD_EXTENSIONS = [".pdf", ".doc", ".docx", ".zip"] as const;
export type UploadExtension = (typeof ALLOWED_UPLOAD_EXTENSIONS)[number];

/** For <input accept> and drop zones. */
export const UPLOAD_ACCEPT = ALLOWED_UPLOAD_EXTENSIONS.join(",");

const FILE_NAME_MAX_LENGTH = 255;
// Path separators and control characters: the name is shown and sent in headers, never used as a path.
const UNSAFE_NAME_CHARS = /[/\\\p{Cc}]/u;

/** The lower-case extension with its dot (".pdf"), or "" when the name has none (".pdf" alone has none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot).toLowerCase() : "";
}

export function isAllowedUploadExtension(extension: string): extension is UploadExtension {
  return (ALLOWED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/** The Italian reason a file cannot be uploaded, or null when its name and size are acceptable. */
export function validateUploadMeta(fileName: string, size: number): string | null {
  const name = fileName.trim();
  if (name === "" || name.length > FILE_NAME_MAX_LENGTH || UNSAFE_NAME_CHARS.test(name)) {
    return MESSAGES.uploadBadName;
  }
  if (!isAllowedUploadExtension(fileExtension(name))) return MESSAGES.uploadBadType;
  if (!Number.isSafeInteger(size) || size <= 0) return MESSAGES.uploadEmpty;
  if (size > MAX_UPLOAD_BYTES) return MESSAGES.uploadTooLarge;
  return null;
}

/** Query of GET /v1/services/{id}/signed-url: the file about to be uploaded. */
export const UploadMetaSchema = z
  .object({
    // Size first: a size that is not a number is told before a missing name (one message at a time).
    size: z.coerce.number({ error: MESSAGES.invalidNumber }),
    fileName: z.string({ error: MESSAGES.uploadBadName }),
  })
  .superRefine(({ fileName, size }, ctx) => {
    const error = validateUploadMeta(fileName, size);
    if (!error) return;
    const path = error === MESSAGES.uploadEmpty || error === MESSAGES.uploadTooLarge ? "size" : "fileName";
    ctx.addIssue({ code: "custom", path: [path], message: error, input: path === "size" ? size : fileName });
  });
export type UploadMeta = z.infer<typeof UploadMetaSchema>;

/** A file's size as people read it: "98 byte", "820 KB", "4,2 MB" (the screens and the documents alike). */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;
}
