import { randomBytes, randomUUID } from "node:crypto";
import type { TestClock } from "pg-boss";
import { expect } from "vitest";
import { harnessCase } from "../../test/contract.ts";
import type { Storage } from "./storage.ts";

// The one suite every storage engine passes (ADR 018; unstorage's testDriver as the model): each engine's
// test file calls it with a fresh engine per test and adds what only that engine does.

export interface StorageHarness {
  storage: Storage;
  /** The clock the engine signs and (on disk) checks URLs with. */
  clock: TestClock;
  /** The URL with what it signs changed (the object or the file name) and its signature kept. */
  alter(url: string): string;
  close(): Promise<void>;
}

const PDF = (text: string) => Buffer.from(`%PDF-1.7\n${text}\n%%EOF\n`);

export interface ContractOptions {
  /**
   * False where the server behind the URLs does not check their signatures (s3rver does not implement
   * SigV4's, only the expiry): the altered-URL case is then skipped, for that reason only.
   */
  checksSignatures: boolean;
  /**
   * True where an upload link writes once (the disk's, ADR 018). A presigned S3 PUT takes any number of
   * writes while it lives: there, the upload flow's copy under a key no link writes is the whole defence,
   * and the one-write case is skipped for that reason only.
   */
  singleUseUploads: boolean;
}

export function storageContract(setup: () => Promise<StorageHarness>, options: ContractOptions): void {
  const storageCase = harnessCase(setup);
  const withStorage = (
    name: string,
    test: (h: StorageHarness, prefix: string) => Promise<void>,
    skip = false,
  ) => storageCase(name, (harness) => test(harness, `tests/${randomUUID()}`), skip);

  withStorage("puts, reads, sizes and deletes an object", async ({ storage }, prefix) => {
    const key = `${prefix}/evidence`;
    const bytes = randomBytes(70_000);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    await storage.put(key, bytes);
    expect(await storage.head(key)).toEqual({ size: bytes.length });
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    await storage.put(key, PDF("seconda versione"));
    expect((await storage.get(key))?.toString()).toContain("seconda versione");
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    await storage.delete(key); // deleting what is gone is no error
  });

  withStorage("takes a browser's PUT to the upload URL", async ({ storage }, prefix) => {
    const key = `${prefix}/upload`;
    const bytes = PDF("caricato dal browser");
    const upload = await storage.uploadUrl(key, {
      size: bytes.length,
      contentType: "application/pdf",
      expiresInSeconds: 300,
    });
    expect(upload.method).toBe("PUT");
    expect(upload.url).not.toContain("caricato");
    const res = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: bytes });
    expect(res.status).toBe(200);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    expect(await storage.head(key)).toEqual({ size: bytes.length });
  });

  withStorage(
    "takes one write per upload link",
    async ({ storage }, prefix) => {
      const key = `${prefix}/once`;
      const first = PDF("primo");
      const upload = await storage.uploadUrl(key, {
        size: first.length,
        contentType: "application/pdf",
        expiresInSeconds: 300,
      });
      const send = (body: Buffer) =>
        fetch(upload.url, { method: upload.method, headers: upload.headers, body });
      expect((await send(first)).status).toBe(200);
      // Same size, other bytes: what a swap after the check would send.
      const second = await send(Buffer.from(`MZ${"x".repeat(first.length - 2)}`));
      expect(second.status).toBe(403);
      expect((await storage.get(key))?.equals(first)).toBe(true);
      // Once the upload is done with (its key deleted), the link does not write it again either.
      await storage.delete(key);
      expect((await send(first)).status).toBe(403);
      expect(await storage.head(key)).toBeNull();
    },
    !options.singleUseUploads,
  );

  withStorage(
    "keeps the checked copy of an upload whatever is sent to its link afterwards",
    async ({ storage }, prefix) => {
      const key = `${prefix}/upload`;
      const checked = `${prefix}/checked`;
      const original = PDF("il file controllato");
      const upload = await storage.uploadUrl(key, {
        size: original.length,
        contentType: "application/pdf",
        expiresInSeconds: 300,
      });
      const send = (body: Buffer) =>
        fetch(upload.url, { method: upload.method, headers: upload.headers, body });
      expect((await send(original)).status).toBe(200);
      // The upload flow's registration: the bytes it read and checked, stored again under a key no link is
      // ever signed for, and the upload's key deleted.
      const read = (await storage.get(key)) as Buffer;
      await storage.put(checked, read);
      await storage.delete(key);
      const swap = Buffer.from(`MZ${"x".repeat(original.length - 2)}`);
      const late = await send(swap);
      expect(late.status).toBe(options.singleUseUploads ? 403 : 200);
      expect((await storage.get(checked))?.equals(original)).toBe(true);
      const download = await fetch(
        await storage.downloadUrl(checked, { fileName: "prove.pdf", expiresInSeconds: 300 }),
      );
      expect(Buffer.from(await download.arrayBuffer()).equals(original)).toBe(true);
    },
  );

  withStorage(
    "serves the download URL as an attachment with the file's name",
    async ({ storage }, prefix) => {
      const key = `${prefix}/document`;
      const bytes = PDF("<script>alert(1)</script>");
      await storage.put(key, bytes);
      const url = await storage.downloadUrl(key, {
        fileName: 'Diffida "Rossi" – perché.pdf',
        expiresInSeconds: 300,
      });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      const disposition = res.headers.get("content-disposition") ?? "";
      expect(disposition).toMatch(/^attachment; filename="Diffida _Rossi_ _ perch_.pdf"; /);
      expect(disposition).toContain("filename*=UTF-8''Diffida%20%22Rossi%22%20%E2%80%93%20perch%C3%A9.pdf");
    },
  );

  withStorage("refuses URLs once expired", async ({ storage, clock }, prefix) => {
    const key = `${prefix}/late`;
    const bytes = PDF("in ritardo");
    await storage.put(key, bytes);
    // Signed an hour ago for a minute: expired now, by the engine's clock (disk) or the store's (S3).
    const realNow = Date.now();
    await clock.setTime(realNow - 3600_000);
    const download = await storage.downloadUrl(key, { fileName: "a.pdf", expiresInSeconds: 60 });
    const upload = await storage.uploadUrl(`${prefix}/other`, {
      size: bytes.length,
      contentType: "application/pdf",
      expiresInSeconds: 60,
    });
    await clock.setTime(realNow);
    expect((await fetch(download)).status).toBe(403);
    const put = await fetch(upload.url, { method: "PUT", headers: upload.headers, body: bytes });
    expect(put.status).toBe(403);
    expect(await storage.head(`${prefix}/other`)).toBeNull();
    // The same, signed now, works.
    expect(
      (await fetch(await storage.downloadUrl(key, { fileName: "a.pdf", expiresInSeconds: 60 }))).status,
    ).toBe(200);
  });

  withStorage(
    "refuses an altered URL",
    async ({ storage, alter }, prefix) => {
      const key = `${prefix}/mine`;
      await storage.put(key, PDF("mio"));
      const url = await storage.downloadUrl(key, { fileName: "mio.pdf", expiresInSeconds: 300 });
      expect((await fetch(alter(url))).status).toBe(403);
      const bytes = PDF("altro");
      const upload = await storage.uploadUrl(`${prefix}/theirs`, {
        size: bytes.length,
        contentType: "application/pdf",
        expiresInSeconds: 300,
      });
      const put = await fetch(alter(upload.url), { method: "PUT", headers: upload.headers, body: bytes });
      expect(put.status).toBe(403);
      expect((await fetch(url)).status).toBe(200);
    },
    !options.checksSignatures,
  );

  withStorage("refuses keys that could leave its root or carry a user's text", async ({ storage }) => {
    const bytes = PDF("x");
    for (const key of [
      "../fuori",
      "a/../../b",
      "a/..",
      "/assoluto",
      "a//b",
      ".nascosto",
      "a b",
      "perché",
      "",
      "k".repeat(129),
    ]) {
      await expect(storage.put(key, bytes), key).rejects.toThrow("invalid storage key");
      await expect(storage.get(key), key).rejects.toThrow("invalid storage key");
      await expect(
        storage.uploadUrl(key, { size: 1, contentType: "application/pdf", expiresInSeconds: 60 }),
        key,
      ).rejects.toThrow("invalid storage key");
      await expect(
        storage.downloadUrl(key, { fileName: "a.pdf", expiresInSeconds: 60 }),
        key,
      ).rejects.toThrow("invalid storage key");
    }
  });
}
