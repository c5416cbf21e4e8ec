import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TestClock } from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, type DiskStorageConfig } from "../config.ts";
import { createDiskStorage, loadStorageMasterKey } from "./disk-storage.ts";
import { checkStorageKey, KEY_CHECK_FILE, keyFingerprint } from "./master-key-check.ts";
import { rewrapStorage } from "./rotate-master-key.ts";

// The start's check of the disk storage's master key (issue 39): a key that does not open the stored files
// is refused with a sentence saying what to do, and so is a folder a rotation left half done; an empty
// storage takes any key.

const KEY_A = Buffer.alloc(32, 0xa);
const KEY_B = Buffer.alloc(32, 0xb);
const KEY_C = Buffer.alloc(32, 0xc);

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A data folder's storage settings: STORAGE_KEY `masterKey`, or the key file when it is undefined. */
function storageOf(masterKey: Buffer | undefined, dataDir = mkdtempSync(join(tmpdir(), "argine-keycheck-"))) {
  if (!folders.includes(dataDir)) folders.push(dataDir);
  return {
    engine: "disk",
    dir: join(dataDir, "storage"),
    masterKey,
    keyFile: join(dataDir, "storage.key"),
  } satisfies DiskStorageConfig;
}

const put = (dir: string, key: Buffer, name: string, text: string) =>
  createDiskStorage({ dir, masterKey: key, publicUrl: "http://127.0.0.1:1" }, new TestClock()).put(
    name,
    Buffer.from(text),
  );

/** The refusal's message, or null when the check lets the start go on. */
const refusal = (config: DiskStorageConfig) =>
  checkStorageKey(config).then(
    () => null,
    (error: unknown) => {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    },
  );

describe("the storage master key's check at start", () => {
  it("refuses a STORAGE_KEY that does not open the files, in a sentence naming the key, the folder and what to do", async () => {
    const right = storageOf(KEY_A);
    await put(right.dir, KEY_A, "practices/p1/evidence", "prova");
    await put(right.dir, KEY_A, "practices/p1/second", "seconda prova");

    const message = await refusal({ ...right, masterKey: KEY_B });
    expect(message).toBe(
      `STORAGE_KEY does not open the files in ${right.dir}: it is not the key they were encrypted with; set STORAGE_KEY to that key (or, while rotating it, STORAGE_PREVIOUS_KEY), then start again (docs/runbook.md, "The storage master key (encrypted disk)").`,
    );
    expect(await refusal(right)).toBeNull();
    // Refused again after the right key's start wrote its record, and the right key still starts.
    expect(await refusal({ ...right, masterKey: KEY_B })).toBe(message);
    expect(await refusal(right)).toBeNull();
  });

  it("names the key file when the key is kept in DATA_DIR/storage.key, and refuses to start without it when files need it", async () => {
    const config = storageOf(undefined);
    const made = await loadStorageMasterKey(undefined, config.keyFile);
    await put(config.dir, made, "documents/d1.pdf", "%PDF-1.7");
    expect(await refusal(config)).toBeNull();

    writeFileSync(config.keyFile, `${KEY_B.toString("base64")}\n`);
    expect(await refusal(config)).toMatch(
      new RegExp(`^${config.keyFile} does not open the files in ${config.dir}: .*put back the storage.key`),
    );
    // Gone: a new key would be made that opens none of them.
    rmSync(config.keyFile);
    expect(await refusal(config)).toMatch(/STORAGE_KEY is unset and .*storage\.key is missing/);
  });

  it("takes any key while the storage holds no file, and keeps only a fingerprint of it", async () => {
    const config = storageOf(KEY_A);
    expect(await refusal(config)).toBeNull();
    const record = readFileSync(join(config.dir, KEY_CHECK_FILE), "utf8");
    expect(record).not.toContain(KEY_A.toString("base64"));
    expect(record).not.toContain(KEY_A.toString("hex"));
    // Still empty: another key is no mistake yet, and becomes the storage's.
    expect(await refusal({ ...config, masterKey: KEY_B })).toBeNull();
    await put(config.dir, KEY_B, "a", "x");
    expect(await refusal(config)).toMatch(/^STORAGE_KEY does not open the files/);
  });

  it("checks a storage from before the record by its files, and ignores what is no stored object", async () => {
    const config = storageOf(KEY_A);
    await put(config.dir, KEY_A, "b/one", "uno");
    // Met first, in name order: a stray file, and the other key's object under no object's name.
    writeFileSync(join(config.dir, "README"), "not an object");
    await put(config.dir, KEY_B, "moved", "di un'altra chiave");
    mkdirSync(join(config.dir, "a folder"));
    renameSync(join(config.dir, "moved"), join(config.dir, "a folder", "x"));
    expect(await refusal({ ...config, masterKey: KEY_B })).toMatch(/^STORAGE_KEY does not open/);
    expect(await refusal(config)).toBeNull();
  });

  it("refuses either key alone while a rotation is unfinished, takes the pair, and the new key once it is done", async () => {
    const config = storageOf(KEY_A);
    for (const name of ["a", "b", "c"]) await put(config.dir, KEY_A, name, name);
    expect(await refusal(config)).toBeNull();
    const interrupted = rewrapStorage({
      dir: config.dir,
      from: KEY_A,
      to: KEY_B,
      onFile: (seen) => {
        if (seen === 1) throw new Error("killed");
      },
    });
    await expect(interrupted).rejects.toThrow("killed");

    expect(await refusal(config)).toBe(
      `The files in ${config.dir} are being moved from this STORAGE_KEY to a new key (npm run keys -- rotate-storage): set STORAGE_KEY to the new key and STORAGE_PREVIOUS_KEY to this one, then start again (docs/runbook.md, "The storage master key (encrypted disk)").`,
    );
    expect(await refusal({ ...config, masterKey: KEY_B })).toBe(
      `The files in ${config.dir} are still partly under the previous storage key: a rotation to this STORAGE_KEY (npm run keys -- rotate-storage) has not finished; set STORAGE_PREVIOUS_KEY to the previous key, start, and run the command until it says it is done (docs/runbook.md, "The storage master key (encrypted disk)").`,
    );
    // The pair reads every file: the start goes on, and the command can finish while it serves.
    expect(await refusal({ ...config, masterKey: KEY_B, previousKey: KEY_A })).toBeNull();
    expect(await refusal({ ...config, masterKey: KEY_B, previousKey: KEY_C })).toMatch(
      /^The files in .* are still partly under the previous storage key/,
    );
    // With the key file: run the command again.
    const keyFile = storageOf(undefined, join(config.dir, ".."));
    writeFileSync(keyFile.keyFile, `${KEY_A.toString("base64")}\n`);
    expect(await refusal(keyFile)).toMatch(/did not finish; run it again with the same environment/);

    await rewrapStorage({ dir: config.dir, from: KEY_A, to: KEY_B });
    expect(await refusal({ ...config, masterKey: KEY_B })).toBeNull();
    expect(await refusal({ ...config, masterKey: KEY_B, previousKey: KEY_A })).toBeNull();
    expect(await refusal(config)).toMatch(/^STORAGE_KEY does not open the files/);
  });

  it("takes STORAGE_KEY new with STORAGE_PREVIOUS_KEY old before the rotation, and refuses a previous key that opens nothing", async () => {
    const config = storageOf(KEY_A);
    await put(config.dir, KEY_A, "practices/p1/evidence", "prova");
    expect(await refusal(config)).toBeNull();
    const pair = { ...config, masterKey: KEY_B, previousKey: KEY_A };
    expect(await refusal(pair)).toBeNull();
    // The record still names the old key alone: the processes write under it until the command begins.
    expect(JSON.parse(readFileSync(join(config.dir, KEY_CHECK_FILE), "utf8"))).toEqual({
      key: keyFingerprint(KEY_A),
    });
    // Restarted with the new key but without the previous one, or with a wrong one.
    expect(await refusal({ ...config, masterKey: KEY_B })).toMatch(
      /^STORAGE_KEY does not open the files in .*: it is not the key they were encrypted with; set STORAGE_KEY to that key \(or, while rotating it, STORAGE_PREVIOUS_KEY\)/,
    );
    expect(await refusal({ ...config, masterKey: KEY_B, previousKey: KEY_C })).toBe(
      `Neither STORAGE_KEY nor STORAGE_PREVIOUS_KEY opens the files in ${config.dir}: set STORAGE_PREVIOUS_KEY to the key they were encrypted with (STORAGE_KEY before this rotation), then start again (docs/runbook.md, "The storage master key (encrypted disk)").`,
    );
    // A storage from before the record: the files say the previous key is theirs.
    rmSync(join(config.dir, KEY_CHECK_FILE));
    expect(await refusal(pair)).toBeNull();
    expect(JSON.parse(readFileSync(join(config.dir, KEY_CHECK_FILE), "utf8"))).toEqual({
      key: keyFingerprint(KEY_A),
    });
  });

  it("a rotation from a key that opens none of the files refuses before changing anything", async () => {
    const config = storageOf(KEY_A);
    await put(config.dir, KEY_A, "a", "x");
    expect(await refusal(config)).toBeNull();
    const before = readFileSync(join(config.dir, "a"));
    await expect(rewrapStorage({ dir: config.dir, from: KEY_B, to: Buffer.alloc(32, 0xc) })).rejects.toThrow(
      /opens none of the files .* nothing was changed/,
    );
    expect(readFileSync(join(config.dir, "a")).equals(before)).toBe(true);
    expect(await refusal(config)).toBeNull();
  });
});
