import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../src/config.ts";
import { freePort } from "./ports.ts";

/** A loopback S3 (s3rver) with one empty bucket, and the storage settings that reach it. */
export async function startS3rver(
  bucket: string,
): Promise<{ config: S3StorageConfig; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), "argine-s3rver-"));
  const port = await freePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  return {
    config: {
      engine: "s3",
      bucket,
      region: "eu-south-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
