import { TestClock } from "pg-boss";
import { describe, expect, it } from "vitest";
import type { S3StorageConfig } from "../config.ts";
import { createS3Storage } from "./s3-storage.ts";

const BASE: S3StorageConfig = {
  engine: "s3",
  bucket: "argine-documenti",
  region: "eu-south-1",
  endpoint: undefined,
  accessKeyId: "AKIAPROVA",
  secretAccessKey: "segreto-di-prova",
  forcePathStyle: false,
};

describe("the S3 storage's CSP", () => {
  // Presigning is local (no request): what the SDK signs is where the browser will PUT.
  it.each([
    ["AWS, virtual-hosted", {}, "https://argine-documenti.s3.eu-south-1.amazonaws.com"],
    ["AWS, path style", { forcePathStyle: true }, "https://s3.eu-south-1.amazonaws.com"],
    ["AWS, a bucket name with dots", { bucket: "argine.documenti" }, "https://s3.eu-south-1.amazonaws.com"],
    [
      "another service by name",
      { endpoint: "https://minio.argine.example" },
      "https://argine-documenti.minio.argine.example",
    ],
    [
      "another service, path style",
      { endpoint: "https://minio.argine.example:9000", forcePathStyle: true },
      "https://minio.argine.example:9000",
    ],
    ["a loopback address", { endpoint: "http://127.0.0.1:4568" }, "http://127.0.0.1:4568"],
  ])("allows the origin the upload URLs point at: %s", async (_name, change, origin) => {
    const storage = createS3Storage({ ...BASE, ...change }, new TestClock());
    const upload = await storage.uploadUrl("a/b", {
      size: 3,
      contentType: "application/pdf",
      expiresInSeconds: 60,
    });
    expect(new URL(upload.url).origin).toBe(origin);
    expect(storage.csp).toEqual({ connectSrc: [origin] });
  });
});
