import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_UPLOAD_BYTES } from "@argine/core/shared/constants";
import { MESSAGES } from "@argine/core/shared/messages";
import { openTestDb } from "@argine/db/testing";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { TestClock } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/helpers.ts";
import { freePort } from "../../test/ports.ts";
import { startS3rver } from "../../test/s3.ts";
import { buildApp } from "../app.ts";
import type { S3StorageConfig } from "../config.ts";
import { registerErrorHandler } from "../http/errors.ts";
import { STORAGE_TOKEN_MAX_LENGTH, storageRoutes } from "../routes/v1/storage/index.ts";
import { createDiskStorage, DISK_UPLOAD_BODY_LIMIT, loadStorageMasterKey } from "./disk-storage.ts";
import { createS3Storage } from "./s3-storage.ts";
import { type StorageHarness, storageContract } from "./storage-contract.ts";

const MASTER_KEY = Buffer.alloc(32, 1);

/** The disk engine in a folder of its own, its signed URLs answered by its routes on a loopback server. */
async function diskHarness(masterKey = MASTER_KEY, dir = mkdtempSync(join(tmpdir(), "argine-storage-"))) {
  const clock = new TestClock(Date.now());
  const port = await freePort();
  const storage = createDiskStorage({ dir, masterKey, publicUrl: `http://127.0.0.1:${port}` }, clock);
  const app = Fastify({ routerOptions: { maxParamLength: STORAGE_TOKEN_MAX_LENGTH } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(storageRoutes(storage), { prefix: "/v1" });
  await app.listen({ port, host: "127.0.0.1" });
  return {
    storage,
    clock,
    dir,
    // Another object's name in the token, the signature of the first kept.
    alter(url: string) {
      const [base = "", token = ""] = url.split("/v1/storage/objects/");
      const [body = "", mac] = token.split(".");
      const payload = JSON.parse(Buffer.from(body, "base64url").toString());
      const altered = Buffer.from(JSON.stringify({ ...payload, k: `${payload.k}-altro` })).toString(
        "base64url",
      );
      return `${base}/v1/storage/objects/${altered}.${mac}`;
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A test on a fresh disk engine, closed (its folder removed) however the test ends. */
function withDisk(test: (h: Awaited<ReturnType<typeof diskHarness>>) => Promise<void>) {
  return async () => {
    const h = await diskHarness();
    try {
      await test(h);
    } finally {
      await h.close();
    }
  };
}

describe("the disk storage", () => {
  storageContract(diskHarness, { checksSignatures: true, singleUseUploads: true });

  it(
    "keeps no plaintext on disk, and another master key reads nothing",
    withDisk(async (h) => {
      const key = "practices/p1/evidence";
      const secret = Buffer.from("Dichiarazione della vittima: testo riservato ".repeat(20));
      await h.storage.put(key, secret);
      const file = readFileSync(join(h.dir, key));
      expect(file.includes(Buffer.from("testo riservato"))).toBe(false);
      expect(statSync(join(h.dir, key)).mode & 0o777).toBe(0o600);
      // Two writes of the same bytes differ: a key and a nonce of their own each time.
      await h.storage.put("practices/p1/copy", secret);
      expect(readFileSync(join(h.dir, "practices/p1/copy")).equals(file)).toBe(false);

      const clock = new TestClock();
      const stranger = createDiskStorage(
        { dir: h.dir, masterKey: Buffer.alloc(32, 2), publicUrl: "x" },
        clock,
      );
      await expect(stranger.get(key)).rejects.toThrow();
      const sameKey = createDiskStorage({ dir: h.dir, masterKey: MASTER_KEY, publicUrl: "x" }, clock);
      expect((await sameKey.get(key))?.equals(secret)).toBe(true);
    }),
  );

  it(
    "refuses a file moved under another object's key",
    withDisk(async (h) => {
      await h.storage.put("a/one", Buffer.from("uno"));
      await h.storage.put("a/two", Buffer.from("due"));
      renameSync(join(h.dir, "a/one"), join(h.dir, "a/two"));
      await expect(h.storage.get("a/two")).rejects.toThrow();
    }),
  );

  it(
    "refuses more bytes than the URL was signed for, and serves nosniff and no-store",
    withDisk(async (h) => {
      const upload = await h.storage.uploadUrl("u/f", {
        size: 10,
        contentType: "application/pdf",
        expiresInSeconds: 60,
      });
      const bigger = await fetch(upload.url, {
        method: "PUT",
        headers: upload.headers,
        body: "x".repeat(11),
      });
      expect(bigger.status).toBe(413);
      expect(((await bigger.json()) as { message: string }).message).toBe(
        "Il file inviato non corrisponde a quello indicato: riprova a caricarlo.",
      );
      const smaller = await fetch(upload.url, {
        method: "PUT",
        headers: upload.headers,
        body: "x".repeat(9),
      });
      expect(smaller.status).toBe(400);
      expect(await h.storage.head("u/f")).toBeNull();
      // Above the route's own cap, refused before it is read whole.
      const huge = await h.storage.uploadUrl("u/g", {
        size: DISK_UPLOAD_BODY_LIMIT,
        contentType: "application/zip",
        expiresInSeconds: 60,
      });
      const tooBig = await fetch(huge.url, {
        method: "PUT",
        headers: huge.headers,
        body: Buffer.alloc(DISK_UPLOAD_BODY_LIMIT + 1),
      });
      expect(tooBig.status).toBe(413);

      await h.storage.put("u/h", Buffer.from("%PDF-1.7"));
      const res = await fetch(
        await h.storage.downloadUrl("u/h", { fileName: "a.pdf", expiresInSeconds: 60 }),
      );
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }),
  );

  it(
    "takes one of two PUTs sent to the same link at once, and says the other link was used",
    withDisk(async (h) => {
      const bytes = Buffer.from("%PDF-1.7 uno");
      const upload = await h.storage.uploadUrl("r/once", {
        size: bytes.length,
        contentType: "application/pdf",
        expiresInSeconds: 60,
      });
      const answers = await Promise.all(
        [bytes, Buffer.from("%PDF-1.7 due")].map((body) =>
          fetch(upload.url, { method: "PUT", headers: upload.headers, body }),
        ),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([200, 403]);
      const refused = answers.find((res) => res.status === 403) as Response;
      expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.storageLinkUsed);
      // The object is whole: one body or the other, never a mix.
      const stored = (await h.storage.get("r/once"))?.toString();
      expect(["%PDF-1.7 uno", "%PDF-1.7 due"]).toContain(stored);
    }),
  );

  it(
    "answers a refused link in Italian with no detail, and a download link is no upload link",
    withDisk(async (h) => {
      await h.storage.put("d/x", Buffer.from("x"));
      const download = await h.storage.downloadUrl("d/x", { fileName: "x.pdf", expiresInSeconds: 60 });
      const put = await fetch(download, { method: "PUT", body: "y" });
      expect(put.status).toBe(403);
      expect(await put.json()).toMatchObject({
        code: "FORBIDDEN",
        message: "Il link del file non è valido o è scaduto: torna alla pratica e riprova.",
      });
      expect((await fetch(`${download.split("/objects/")[0]}/objects/nulla`)).status).toBe(403);
      // On the disk's own clock: a minute and a second later the link is gone.
      await h.clock.setTime(h.clock.now() + 61_000);
      expect((await fetch(download)).status).toBe(403);
    }),
  );

  it("makes its master key once, readable by its owner only, when none is configured", async () => {
    const dir = mkdtempSync(join(tmpdir(), "argine-storage-key-"));
    try {
      const keyFile = join(dir, "storage.key");
      const first = await loadStorageMasterKey(undefined, keyFile);
      expect(first.length).toBe(32);
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect((await loadStorageMasterKey(undefined, keyFile)).equals(first)).toBe(true);
      expect((await loadStorageMasterKey(MASTER_KEY, keyFile)).equals(MASTER_KEY)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the S3 storage, on s3rver", () => {
  let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
  let config: S3StorageConfig;

  beforeAll(async () => {
    s3 = await startS3rver("argine-test");
    config = s3.config;
  });
  afterAll(() => s3?.close());

  const s3Harness = async (): Promise<StorageHarness & { storage: ReturnType<typeof createS3Storage> }> => {
    const clock = new TestClock(Date.now());
    return {
      storage: createS3Storage(config, clock),
      clock,
      alter: (url) => url.replace(/\?/, "-altro?"),
      close: async () => {},
    };
  };

  // s3rver 3.7 checks a presigned URL's expiry but not its SigV4 signature ("unimplemented" in its
  // authentication middleware): the altered-URL case is real S3's, and the disk's here. A presigned PUT
  // cannot be made single-use (S3 has no such thing): the checked copy is what protects the upload there.
  storageContract(s3Harness, { checksSignatures: false, singleUseUploads: false });

  it("signs uploads real S3 takes: no checksum of an empty body, server-side encryption signed", async () => {
    const { storage } = await s3Harness();
    const upload = await storage.uploadUrl("c/k", {
      size: 5,
      contentType: "application/pdf",
      expiresInSeconds: 60,
    });
    const params = [...new URL(upload.url).searchParams.keys()].map((k) => k.toLowerCase());
    expect(
      params.filter((k) => k.startsWith("x-amz-checksum") || k === "x-amz-sdk-checksum-algorithm"),
    ).toEqual([]);
    expect(upload.headers["x-amz-server-side-encryption"]).toBe("AES256");
    expect(new URL(upload.url).searchParams.get("X-Amz-SignedHeaders")).toContain(
      "x-amz-server-side-encryption",
    );
    expect(storage.csp).toEqual({ connectSrc: [config.endpoint] });
  });
});

describe("the storage routes", () => {
  it("take a whole 30 MB file through the app, and give it back", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "argine-storage-app-"));
    const handle = await openTestDb("pglite");
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), handle });
    try {
      const { storage } = app.deps;
      // The longest link there can be: a key of 512 characters, a file name of 255 in three-byte characters.
      const key = Array.from({ length: 4 }, () => "k".repeat(127)).join("/");
      const fileName = `${"–".repeat(251)}.zip`;
      const bytes = randomBytes(MAX_UPLOAD_BYTES);
      const upload = await storage.uploadUrl(key, {
        size: bytes.length,
        contentType: "application/zip",
        expiresInSeconds: 60,
      });
      const put = await app.inject({
        method: "PUT",
        url: upload.url,
        headers: upload.headers,
        payload: bytes,
      });
      expect(put.statusCode).toBe(200);
      expect(await storage.head(key)).toEqual({ size: MAX_UPLOAD_BYTES });
      const url = await storage.downloadUrl(key, { fileName, expiresInSeconds: 60 });
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain(encodeURIComponent(fileName));
      expect(res.rawPayload.equals(bytes)).toBe(true);
    } finally {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("exist only while disk is the engine", async () => {
    const handle = await openTestDb("pglite");
    const s3 = await buildApp({
      config: testConfig({ STORAGE_KEY: undefined, S3_BUCKET: "argine", S3_ENDPOINT: "http://127.0.0.1:1" }),
      handle,
    });
    try {
      expect(s3.deps.storage.name).toBe("s3");
      expect(s3.deps.csp).toContainEqual({ connectSrc: ["http://127.0.0.1:1"] });
      const res = await s3.inject({ method: "GET", url: "/v1/storage/objects/abc.def" });
      expect(res.statusCode).toBe(404);
    } finally {
      await s3.close();
      await handle.close();
    }
  });
});
