import type { FastifyReply } from "fastify";

/** A file a route answers: the money documents, the formal notice's draft. */
export interface FileDownload {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

/** A file as a download: never sniffed as something else, never kept by a cache. */
export function sendFile(reply: FastifyReply, file: FileDownload) {
  return reply
    .type(file.contentType)
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send(file.body);
}
