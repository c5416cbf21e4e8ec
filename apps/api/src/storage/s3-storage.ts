import { isIP } from "node:net";
import { AppError } from "@argine/core/errors/app-error";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { type Clock, now } from "../clock.ts";
import type { S3StorageConfig } from "../config.ts";
import { assertStorageKey, attachmentDisposition, type SignedUpload, type Storage } from "./storage.ts";

// An S3-compatible store (ADR 018): the browser PUTs to and reads from presigned URLs, every write asks for
// server-side encryption (SSE-S3, AES256), and the page's CSP allows the endpoint's origin for the uploads.

/**
 * An S3 that cannot be reached or stopped answering fails the call within about these (each try: the
 * connection, then the socket silent this long; two tries) instead of hanging the request (the SDK waits for
 * ever by default): issue 39's fault drill, scripts/cluster/fault-drill.ts. The socket's is inactivity, so a
 * large file still flowing is not cut.
 */
export const S3_CONNECT_TIMEOUT_MS = 3_000;
export const S3_SOCKET_TIMEOUT_MS = 5_000;
export const S3_ATTEMPTS = 2;

/**
 * S3 out of reach (refused, reset, timed out) or failing on its side (5xx): the service is unavailable for a
 * moment (503, the Italian message), not broken; the SDK's error stays the cause, for the log.
 */
async function guarded<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const refused = error instanceof S3ServiceException && error.$fault !== "server";
    if (refused) throw error;
    const appError = new AppError("SERVICE_UNAVAILABLE");
    appError.cause = error;
    throw appError;
  }
}

export function createS3Storage(config: S3StorageConfig, clock: Clock): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Recent SDKs put a CRC32 of an empty body into every presigned PUT: real S3 then refuses the browser's
    // file (s3rver does not check). Checksums only where an operation requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: S3_ATTEMPTS,
    requestHandler: { connectionTimeout: S3_CONNECT_TIMEOUT_MS, socketTimeout: S3_SOCKET_TIMEOUT_MS },
  });
  const Bucket = config.bucket;
  // Presigned by the app's clock, so a test that moves it moves the URLs' expiry too.
  const presign = (command: PutObjectCommand | GetObjectCommand, expiresIn: number) =>
    getSignedUrl(client, command, { expiresIn, signingDate: now(clock) });

  return {
    name: "s3",
    csp: { connectSrc: [uploadOrigin(config)] },

    async uploadUrl(key, { size, contentType, expiresInSeconds }): Promise<SignedUpload> {
      assertStorageKey(key);
      const url = await presign(
        new PutObjectCommand({
          Bucket,
          Key: key,
          ContentType: contentType,
          ContentLength: size,
          ServerSideEncryption: "AES256",
        }),
        expiresInSeconds,
      );
      // The encryption header is signed (the presigner never moves it into the query): the browser sends it.
      return {
        url,
        method: "PUT",
        headers: { "content-type": contentType, "x-amz-server-side-encryption": "AES256" },
      };
    },

    async downloadUrl(key, { fileName, expiresInSeconds }) {
      assertStorageKey(key);
      // S3 cannot add X-Content-Type-Options: the bytes come as an opaque attachment from its own origin.
      return presign(
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: attachmentDisposition(fileName),
          ResponseContentType: "application/octet-stream",
          ResponseCacheControl: "private, no-store",
        }),
        expiresInSeconds,
      );
    },

    async put(key, bytes) {
      assertStorageKey(key);
      await guarded(
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ServerSideEncryption: "AES256" })),
      );
    },

    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await guarded(client.send(new GetObjectCommand({ Bucket, Key: key })));
        return Buffer.from(
          await guarded(answer.Body?.transformToByteArray() ?? Promise.resolve(new Uint8Array())),
        );
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async head(key) {
      assertStorageKey(key);
      try {
        const answer = await guarded(client.send(new HeadObjectCommand({ Bucket, Key: key })));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      await guarded(client.send(new DeleteObjectCommand({ Bucket, Key: key })));
    },
  };
}

// A bucket name the SDK puts in the host name (virtual-hosted style): one DNS label, so no dots.
const HOST_LABEL = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/** The origin the presigned URLs point at, as the SDK builds them: the browser's uploads go there. */
export function uploadOrigin(config: S3StorageConfig): string {
  const endpoint = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  const pathStyle =
    config.forcePathStyle ||
    !HOST_LABEL.test(config.bucket) ||
    isIP(endpoint.hostname.replace(/^\[|\]$/g, "")) !== 0;
  return pathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}
