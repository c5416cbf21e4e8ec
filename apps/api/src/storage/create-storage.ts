import type { Clock } from "../clock.ts";
import type { StorageConfig } from "../config.ts";
import { createDiskStorage, loadStorageMasterKey } from "./disk-storage.ts";
import { rotationPhaseOf } from "./master-key-check.ts";
import { createS3Storage } from "./s3-storage.ts";
import type { Storage } from "./storage.ts";

/** The storage the configuration chooses (as mail/mailer.ts): S3 with S3_BUCKET, the encrypted disk otherwise. */
export async function createStorage(
  config: StorageConfig,
  publicUrl: string,
  clock: Clock,
): Promise<Storage> {
  if (config.engine === "s3") return createS3Storage(config, clock);
  const masterKey = await loadStorageMasterKey(config.masterKey, config.keyFile);
  const { previousKey } = config;
  const rotation = previousKey && { previousKey, phase: rotationPhaseOf(config.dir, masterKey, previousKey) };
  return createDiskStorage({ dir: config.dir, masterKey, publicUrl, ...(rotation && { rotation }) }, clock);
}
