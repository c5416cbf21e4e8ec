import { AppError } from "@argine/core/errors/app-error";
import { MESSAGES } from "@argine/core/shared/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { DiskStorage } from "../../../storage/disk-storage.ts";
import { attachmentDisposition } from "../../../storage/storage.ts";

// The disk storage's signed URLs (ADR 018), registered only while disk is the storage engine (app.ts). The
// token in the path is the only credential: it names one object, one method and an expiry, signed by the
// server, so there is no session to check and everyone is answered alike. The path is redacted in the logs
// (http/logging.ts): the token carries the file's name. Not in a core `-calls.ts` (ADR 013): the web never
// builds these URLs, it is handed them by the upload and document calls.

const TOKEN = /^[\w-]+\.[\w-]+$/;
/**
 * The longest token the router takes (its default is 100 characters per parameter): the payload names a key
 * of up to 512 characters and a file name of up to 255 (UTF-8, base64url), so about 2 KB at most.
 */
export const STORAGE_TOKEN_MAX_LENGTH = 4096;
const params = z.object({ token: z.string().max(STORAGE_TOKEN_MAX_LENGTH) });
const doc = (summary: string) => ({ tags: ["storage"], summary, security: [] as [], params });

export function storageRoutes(storage: DiskStorage): FastifyPluginAsyncZod {
  return async (app) => {
    // The file arrives as it is, whatever its type: no parser reads it, and its size is capped by the route's
    // body limit (DISK_UPLOAD_BODY_LIMIT, in rate-limits/route-limits.ts).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

    const verified = <M extends "PUT" | "GET">(token: string, method: M) => {
      const signed = TOKEN.test(token) ? storage.verify(token, method) : null;
      if (!signed) throw new AppError("FORBIDDEN", MESSAGES.storageLinkRefused);
      return signed;
    };

    app.route({
      method: "PUT",
      url: "/storage/objects/:token",
      schema: doc("Carica un file con il link firmato ricevuto (archivio su disco)"),
      handler: async (request, reply) => {
        const signed = verified(request.params.token, "PUT");
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // What S3 does with a signed content length: the file must be the one announced when signing.
        if (body.length > signed.size) throw new AppError("PAYLOAD_TOO_LARGE", MESSAGES.storageSizeMismatch);
        if (body.length !== signed.size) throw new AppError("BAD_REQUEST", MESSAGES.storageSizeMismatch);
        // A link writes once (ADR 024): the bytes the upload flow checks cannot be replaced after it.
        if (!(await storage.putOnce(signed.key, body)))
          throw new AppError("FORBIDDEN", MESSAGES.storageLinkUsed);
        return reply.status(200).send();
      },
    });

    app.route({
      method: "GET",
      url: "/storage/objects/:token",
      schema: doc("Scarica un file con il link firmato ricevuto, come allegato (archivio su disco)"),
      handler: async (request, reply) => {
        const signed = verified(request.params.token, "GET");
        const bytes = await storage.get(signed.key);
        if (!bytes) throw new AppError("NOT_FOUND");
        return reply
          .type("application/octet-stream")
          .header("content-disposition", attachmentDisposition(signed.fileName))
          .header("x-content-type-options", "nosniff")
          .header("cache-control", "private, no-store")
          .send(bytes);
      },
    });
  };
}
