import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestClock } from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { createDiskStorage, loadStorageMasterKey, readStorageKeyFile } from "./disk-storage.ts";
import {
  DAMAGED,
  NEITHER_KEY,
  oldKeyFileConflict,
  replaceStorageKeyFile,
  rewrapStorage,
} from "./rotate-master-key.ts";

const KEY_A = Buffer.alloc(32, 0xa);
const KEY_B = Buffer.alloc(32, 0xb);
const KEY_C = Buffer.alloc(32, 0xc);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "argine-rotate-"));
  folders.push(dir);
  return dir;
}

const diskOf = (dir: string, masterKey: Buffer) =>
  createDiskStorage({ dir, masterKey, publicUrl: "http://127.0.0.1:1" }, new TestClock(Date.now()));

/** Objects of every shape: nested keys, an empty one, one of a few megabytes. */
const OBJECTS: Record<string, Buffer> = {
  "practices/p1/evidence-1": Buffer.from("Dichiarazione della vittima: testo riservato"),
  "practices/p1/evidence-2": randomBytes(3 * 1024 * 1024 + 17),
  "practices/p2/empty": Buffer.alloc(0),
  "documents/invoice.pdf": randomBytes(4096),
  top: Buffer.from("al primo livello"),
};

async function storeAll(dir: string, key: Buffer) {
  const disk = diskOf(dir, key);
  for (const [name, bytes] of Object.entries(OBJECTS)) await disk.put(name, bytes);
  return disk;
}

/** Every file under the folder with its bytes' hash, dot-folders included: what a run changed, or did not. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      files.set(path, createHash("sha256").update(readFileSync(path)).digest("hex"));
    }
  return files;
}

describe("the storage master key's rotation", () => {
  it("re-encrypts every file for the new key: each reads back byte for byte, the old key reads none", async () => {
    const dir = tempDir();
    await storeAll(dir, KEY_A);
    const report = await rewrapStorage({ dir, from: KEY_A, to: KEY_B });
    expect(report).toEqual({ rewrapped: 5, alreadyNew: 0, passes: 1, notObjects: [], unreadable: [] });
    const rotated = diskOf(dir, KEY_B);
    const old = diskOf(dir, KEY_A);
    for (const [name, bytes] of Object.entries(OBJECTS)) {
      expect((await rotated.get(name))?.equals(bytes)).toBe(true);
      expect(await rotated.head(name)).toEqual({ size: bytes.length });
      await expect(old.get(name)).rejects.toThrow();
      expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    }
    // Nothing left aside.
    expect(readdirSync(join(dir, ".tmp"))).toEqual([]);
  });

  it("run again, skips every file: nothing is rewritten", async () => {
    const dir = tempDir();
    await storeAll(dir, KEY_A);
    await rewrapStorage({ dir, from: KEY_A, to: KEY_B });
    const before = snapshot(dir);
    const again = await rewrapStorage({ dir, from: KEY_A, to: KEY_B });
    expect(again).toEqual({ rewrapped: 0, alreadyNew: 5, passes: 1, notObjects: [], unreadable: [] });
    expect(snapshot(dir)).toEqual(before);
  });

  it("an interrupted run is finished by the next: the files done are skipped, the others done", async () => {
    const dir = tempDir();
    await storeAll(dir, KEY_A);
    const interrupted = rewrapStorage({
      dir,
      from: KEY_A,
      to: KEY_B,
      onFile: (seen) => {
        if (seen === 2) throw new Error("killed");
      },
    });
    await expect(interrupted).rejects.toThrow("killed");
    // What a kill between the write aside and the rename leaves behind.
    writeFileSync(join(dir, ".tmp", ".evidence-1.rewrap-0000"), "half a file");
    const report = await rewrapStorage({ dir, from: KEY_A, to: KEY_B });
    expect(report).toMatchObject({ rewrapped: 3, alreadyNew: 2, unreadable: [] });
    const rotated = diskOf(dir, KEY_B);
    for (const [name, bytes] of Object.entries(OBJECTS))
      expect((await rotated.get(name))?.equals(bytes)).toBe(true);
    expect(readdirSync(join(dir, ".tmp"))).toEqual([]);
  });

  it("reports a file of neither key, a damaged one and strangers, and changes none of them", async () => {
    const dir = tempDir();
    await storeAll(dir, KEY_A);
    await diskOf(dir, KEY_C).put("practices/p3/other-key", Buffer.from("una chiave diversa"));
    const damaged = join(dir, "practices/p1/evidence-1");
    const bytes = readFileSync(damaged);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 1;
    writeFileSync(damaged, bytes);
    writeFileSync(join(dir, "README"), "not an object");
    mkdirSync(join(dir, "bad name"));
    writeFileSync(join(dir, "bad name", "x"), "ARG1 but not under a key's name");
    // The engine's own folders are never read as objects.
    mkdirSync(join(dir, ".written", "practices"), { recursive: true });
    writeFileSync(join(dir, ".written", "practices", "mark"), "");
    const untouched = [damaged, join(dir, "practices/p3/other-key"), join(dir, "README")].map((path) => ({
      path,
      bytes: readFileSync(path),
    }));

    const report = await rewrapStorage({ dir, from: KEY_A, to: KEY_B });
    expect(report.rewrapped).toBe(4);
    expect(report.notObjects.sort()).toEqual(["README", "bad name/x"]);
    expect(report.unreadable.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "practices/p1/evidence-1", reason: DAMAGED },
      { key: "practices/p3/other-key", reason: NEITHER_KEY },
    ]);
    for (const { path, bytes } of untouched) expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(await diskOf(dir, KEY_C).get("practices/p3/other-key")).toEqual(Buffer.from("una chiave diversa"));
    // Reported again, still untouched, by the next run.
    const again = await rewrapStorage({ dir, from: KEY_A, to: KEY_B });
    expect(again).toMatchObject({ rewrapped: 0, alreadyNew: 4 });
    expect(again.unreadable).toHaveLength(2);
  });

  it("refuses the same key, and finds nothing in a folder that does not exist", async () => {
    const dir = tempDir();
    await expect(rewrapStorage({ dir, from: KEY_A, to: KEY_A })).rejects.toThrow("current one");
    expect(await rewrapStorage({ dir: join(dir, "none"), from: KEY_A, to: KEY_B })).toEqual({
      rewrapped: 0,
      alreadyNew: 0,
      passes: 0,
      notObjects: [],
      unreadable: [],
    });
  });

  it("while the servers serve: passes until none is left under the old key, and refuses when files keep coming under it", async () => {
    const dir = tempDir();
    await storeAll(dir, KEY_A);
    // A server's write under the old key, sealed just before the record named the new one, lands during the
    // first pass: the next pass, begun once such writes have landed, takes it.
    let late = false;
    const report = await rewrapStorage({
      dir,
      from: KEY_A,
      to: KEY_B,
      whileServing: { settleMs: 20 },
      onFile: () => {
        if (late) return;
        late = true;
        void diskOf(dir, KEY_A).put("zz/late", Buffer.from("arrivato tardi"));
      },
    });
    // Three passes: the first missed it (its folder was listed before), the second took it, the third found none.
    expect(report).toMatchObject({ rewrapped: 6, passes: 3, unreadable: [] });
    expect(await diskOf(dir, KEY_B).get("zz/late")).toEqual(Buffer.from("arrivato tardi"));

    // A process that still writes under the old key alone (left out of the rolling restart).
    let n = 0;
    // Its writes kept, to be waited for: one outliving the test would write into a folder already removed.
    const writes: Promise<void>[] = [];
    const endless = rewrapStorage({
      dir,
      from: KEY_B,
      to: KEY_C,
      whileServing: { settleMs: 0 },
      onFile: () => void writes.push(diskOf(dir, KEY_B).put(`stray/${n++}`, Buffer.from("x"))),
    });
    await expect(endless).rejects.toThrow(
      /^Files are still being written under STORAGE_PREVIOUS_KEY in .* after 5 passes: a server process runs with it as its STORAGE_KEY/,
    );
    await Promise.allSettled(writes);
  });

  it("leaves deleted what a server deleted while the file was being re-encrypted, and only that", async () => {
    const dir = tempDir();
    // A tombstone left by an earlier deletion of a key written again since: it is older than the file.
    mkdirSync(join(dir, ".deleted", "practices/p1"), { recursive: true });
    writeFileSync(join(dir, ".deleted", "practices/p1/evidence-1"), "");
    await new Promise((resolve) => setTimeout(resolve, 20));
    await storeAll(dir, KEY_A);
    // A server deleting "top" during the rotation: its tombstone is written, its rm not yet done; whichever
    // moment the rm lands, the rotation's rename does not bring the file back.
    const server = createDiskStorage(
      {
        dir,
        masterKey: KEY_B,
        publicUrl: "http://127.0.0.1:1",
        rotation: { previousKey: KEY_A, phase: async () => "under-way" },
      },
      new TestClock(Date.now()),
    );
    writeFileSync(join(dir, ".deleted", "top"), "");
    const report = await rewrapStorage({ dir, from: KEY_A, to: KEY_B });
    expect(report).toMatchObject({ rewrapped: 4, unreadable: [] });
    expect(existsSync(join(dir, "top"))).toBe(false);
    expect(
      (await server.get("practices/p1/evidence-1"))?.equals(OBJECTS["practices/p1/evidence-1"] as Buffer),
    ).toBe(true);
    // The tombstones go with the rotation; a server in it reads either key and leaves one at each deletion.
    expect(existsSync(join(dir, ".deleted"))).toBe(false);
    await server.delete("documents/invoice.pdf");
    expect(existsSync(join(dir, ".deleted", "documents/invoice.pdf"))).toBe(true);
    expect(await server.get("documents/invoice.pdf")).toBeNull();
  });

  it("replaces the key file, keeping the previous key beside it, and again ends in the same place", async () => {
    const dir = tempDir();
    const keyFile = join(dir, "storage.key");
    const first = await loadStorageMasterKey(undefined, keyFile);
    expect(await oldKeyFileConflict(keyFile, first)).toBeNull();
    const { oldKeyFile } = await replaceStorageKeyFile(keyFile, KEY_B);
    expect(oldKeyFile).toBe(`${keyFile}.old`);
    expect(await readStorageKeyFile(keyFile)).toEqual(KEY_B);
    expect(await readStorageKeyFile(oldKeyFile)).toEqual(first);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(statSync(oldKeyFile).mode & 0o777).toBe(0o600);
    await replaceStorageKeyFile(keyFile, KEY_B);
    expect(await readStorageKeyFile(oldKeyFile)).toEqual(first);
    // The next rotation finds the .old of this one in its way until the operator deletes it.
    expect(await oldKeyFileConflict(keyFile, KEY_B)).toMatch(/earlier rotation/);
    expect(readdirSync(dir).sort()).toEqual(["storage.key", "storage.key.old"]);
  });
});
