import type { DbHandle } from "@argine/db/client";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { BackupError, POSTGRES_REFUSAL, takeBackup } from "./backup.ts";

/**
 * POST /backup, for the admin port only (never the public app): while the server runs it holds the data dir,
 * so `npm run db:backup` asks it to take the backup. It writes into BACKUP_DIR, never a path from the
 * caller, and answers the backup's folder name and what it holds.
 */
export async function backupRoutes(
  app: FastifyInstance,
  {
    handle,
    config,
  }: { handle: DbHandle; config: Pick<Config, "storage" | "backupDir" | "documentLinkKeyFile"> },
) {
  app.post("/backup", { schema: { hide: true } }, async (request, reply) => {
    if (handle.kind !== "pglite") return reply.status(501).send({ message: POSTGRES_REFUSAL });
    try {
      const summary = await takeBackup(
        { handle, storage: config.storage, documentLinkKeyFile: config.documentLinkKeyFile },
        config.backupDir,
      );
      request.log.info({ backup: summary.name, files: summary.files }, "backup taken");
      return summary;
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      return reply.status(409).send({ message: error.message });
    }
  });
}
