import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONSULTATION_TOKEN_HEADER } from "@argine/core/consultation/consultation-terms";
import { openDb } from "@argine/db/client";
import { findSecondFactor } from "@argine/db/queries/second-factor";
import { findUserByEmail } from "@argine/db/queries/users";
import { secondFactors } from "@argine/db/schema";
import { DEMO_TOTP_SECRET } from "@argine/db/seed";
import { createEmptyPostgresDatabase } from "@argine/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureWebBuild } from "../test/helpers.ts";
import { freePort } from "../test/ports.ts";
import { PRODUCTION_ENV } from "../test/production-env.ts";
import { READY, startServer, stopServer, waitForOutput } from "../test/server-process.ts";
import { DOCUMENT_LINK_KEY_FILE } from "./config.ts";
import { DataDirError, loadKeyFile, makePrivate } from "./data-dir.ts";
import { openSecret, sealSecret } from "./identity/second-factor.ts";

// The data folder is the server's user's alone (ADR 040): after a start in each of the ways the product
// starts with one, every folder under it is 0700 and every file 0600, whatever it held before; and outside
// production the links and second factors are sealed with a key of the folder's own, kept across restarts.

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A folder as a careless copy or an older version left it: open to the group and to everyone. */
function looseDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "argine-data-"));
  folders.push(dir);
  mkdirSync(join(dir, "notes"));
  writeFileSync(join(dir, "notes", "left-over.txt"), "appunti");
  writeFileSync(join(dir, "README"), "dati");
  chmodSync(join(dir, "notes", "left-over.txt"), 0o666);
  chmodSync(join(dir, "README"), 0o644);
  chmodSync(join(dir, "notes"), 0o777);
  chmodSync(dir, 0o755);
  return dir;
}

/** Every folder and file under `root` (itself included) whose mode is not 0700 or 0600, with its mode. */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const entry = lstatSync(path);
    const mode = entry.mode & 0o7777;
    if (mode !== (entry.isDirectory() ? 0o700 : 0o600)) found.push(`${path} ${mode.toString(8)}`);
    if (entry.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return found;
}

const countEntries = (root: string): number =>
  1 +
  (statSync(root).isDirectory()
    ? readdirSync(root).reduce((sum, name) => sum + countEntries(join(root, name)), 0)
    : 0);

const keyOf = (dataDir: string) =>
  Buffer.from(readFileSync(join(dataDir, DOCUMENT_LINK_KEY_FILE), "utf8").trim(), "base64");

/** The key earlier versions signed with outside production, which anyone could read in their source. */
const FORMER_FIXED_KEY = createHash("sha256").update("argine: development document links").digest();

describe("makePrivate", () => {
  it("takes the group's and others' bits off everything, counts them, and follows no link", async () => {
    const dir = looseDataDir();
    const outside = join(mkdtempSync(join(tmpdir(), "argine-outside-")), "shared.txt");
    folders.push(join(outside, ".."));
    writeFileSync(outside, "di un altro");
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dir, "link"));
    writeFileSync(join(dir, "private"), "già a posto", { mode: 0o600 });

    expect(await makePrivate(dir)).toEqual({ repaired: 4, exposed: 4 });
    expect(notPrivate(dir).filter((line) => !line.includes("/link "))).toEqual([]);
    expect(statSync(outside).mode & 0o777).toBe(0o644);
    expect(await makePrivate(dir)).toEqual({ repaired: 0, exposed: 0 });
    expect(await makePrivate(join(dir, "missing"))).toEqual({ repaired: 0, exposed: 0 });
  });

  it("follows DATA_DIR itself when it is a link to the folder", async () => {
    const dir = looseDataDir();
    const alias = `${dir}-alias`;
    folders.push(alias);
    symlinkSync(dir, alias);
    expect(await makePrivate(alias)).toEqual({ repaired: 4, exposed: 4 });
    expect(notPrivate(dir)).toEqual([]);
  });

  it("tells what others could reach from what a closed folder kept from them", async () => {
    const dir = looseDataDir();
    chmodSync(join(dir, "notes"), 0o700);
    // The folder itself, and README in it, were open; notes/left-over.txt was behind a closed folder.
    expect(await makePrivate(dir)).toEqual({ repaired: 3, exposed: 2 });
  });

  // Only root can give a file away; the server refuses a folder another user could change back.
  it.runIf(process.getuid?.() === 0)("refuses a folder part of which another user owns", async () => {
    const dir = looseDataDir();
    chownSync(join(dir, "notes", "left-over.txt"), 65534, 65534);
    const refusal = await makePrivate(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirError);
    expect((refusal as Error).message).toContain(join(dir, "notes", "left-over.txt"));
    expect((refusal as Error).message).toMatch(/chown -R/);
  });
});

describe("loadKeyFile", () => {
  it("makes 32 random bytes once, 0600, which every later start and a concurrent one read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "argine-key-"));
    folders.push(dir);
    const file = join(dir, "nested", DOCUMENT_LINK_KEY_FILE);
    const together = await Promise.all([loadKeyFile(file), loadKeyFile(file), loadKeyFile(file)]);
    expect(together.filter((k) => k.made)).toHaveLength(1);
    const [first] = together;
    for (const other of together) expect(other.key.equals(first?.key as Buffer)).toBe(true);
    expect(first?.key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, "nested"))).toEqual([DOCUMENT_LINK_KEY_FILE]);
    const again = await loadKeyFile(file);
    expect([again.made, again.key.equals(first?.key as Buffer)]).toEqual([false, true]);

    const elsewhere = mkdtempSync(join(tmpdir(), "argine-key-"));
    folders.push(elsewhere);
    const other = await loadKeyFile(join(elsewhere, DOCUMENT_LINK_KEY_FILE));
    expect(other.key.equals(first?.key as Buffer)).toBe(false);
  });
});

describe("the server's start", () => {
  const MAILBOX_KEY = "chiave-della-casella-per-i-permessi-0123";

  it("in development on the embedded database: a private folder after a start and a restart, its own link key, a mailed link that still opens", async () => {
    const dataDir = looseDataDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: fixtureWebBuild(),
      DEV_MAILBOX_KEY: MAILBOX_KEY,
    };
    const first = startServer(env);
    let token = "";
    try {
      await waitForOutput(first, READY);
      // The four entries the folder held were open: the start said how many it closed.
      expect(first.output()).toMatch(/"repaired":4,"exposed":4\b.*the data folder was open to other users/);

      // A visitor books the free consultation; the mail's link carries its token.
      const slots = (await (await fetch(`${base}/v1/consultations/slots`)).json()) as {
        slots: { startsAt: string }[];
      };
      const booked = await fetch(`${base}/v1/consultations`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Lucia Verdi",
          email: "lucia@example.org",
          phone: "347 765 4321",
          kind: "phone",
          startsAt: slots.slots[3]?.startsAt,
          privacyAccepted: true,
        }),
      });
      expect(booked.status).toBe(201);
      const mailed = async () => {
        const mails = (await (await fetch(`${base}/v1/dev/mailbox?key=${MAILBOX_KEY}`)).json()) as {
          to: string;
          text: string;
        }[];
        const text = mails.find((mail) => mail.to === "lucia@example.org")?.text ?? "";
        return /\/consulenza\/gestisci\?t=([\w.-]+)/.exec(text)?.[1] ?? "";
      };
      await expect.poll(mailed, { timeout: 30_000 }).not.toBe("");
      token = await mailed();
      expect((await manage(base, token)).status).toBe(200);
    } finally {
      expect(await stopServer(first)).toBe(0);
    }
    // Everything the start and the running server wrote (the database, the demo's stored files and their
    // key, the outbox's mail, the link key) is private, and so is what was there before.
    expect(notPrivate(dataDir)).toEqual([]);
    expect(countEntries(dataDir)).toBeGreaterThan(900);
    const key = keyOf(dataDir);
    expect(key).toHaveLength(32);
    expect(key.equals(FORMER_FIXED_KEY)).toBe(false);

    const second = startServer(env);
    try {
      await waitForOutput(second, READY);
      expect(second.output()).not.toContain("open to other users");
      expect(keyOf(dataDir).equals(key)).toBe(true);
      // The link mailed before the restart still opens.
      expect((await manage(base, token)).status).toBe(200);
    } finally {
      expect(await stopServer(second)).toBe(0);
    }
    // PGlite writes two cache files 0644 at each start, whatever the umask: made private at once.
    expect(notPrivate(dataDir)).toEqual([]);
    // The demo staff's authenticator key is sealed with the folder's key (this test's own opening of the
    // database, below, writes those two cache files 0644 again, in folders closed to others: the next start
    // takes their bits off without a warning).
    expect(await demoLawyerSecret(dataDir, key)).toBe(DEMO_TOTP_SECRET);

    // A folder made by an earlier version: a database sealed with the fixed key, and no key file.
    await sealDemoLawyerWith(dataDir, FORMER_FIXED_KEY);
    rmSync(join(dataDir, DOCUMENT_LINK_KEY_FILE));
    const third = startServer(env);
    try {
      await waitForOutput(third, READY);
      expect(third.output()).toMatch(/a link key was made for a database made before it/);
    } finally {
      expect(await stopServer(third)).toBe(0);
    }
    expect(notPrivate(dataDir)).toEqual([]);
    const newKey = keyOf(dataDir);
    expect(newKey.equals(key)).toBe(false);
    // The demo staff still sign in with the printed key: sealed again with the new one.
    expect(await demoLawyerSecret(dataDir, newKey)).toBe(DEMO_TOTP_SECRET);
  }, 240_000);

  it("in production on the embedded database and the disk storage: a private folder, and no key file", async () => {
    const dataDir = looseDataDir();
    const port = await freePort();
    const run = startServer({
      ...PRODUCTION_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: fixtureWebBuild(),
    });
    try {
      await waitForOutput(run, READY);
      expect(run.output()).toMatch(/"repaired":4,"exposed":4\b.*the data folder was open to other users/);
      expect(notPrivate(dataDir)).toEqual([]);
    } finally {
      expect(await stopServer(run)).toBe(0);
    }
    expect(notPrivate(dataDir)).toEqual([]);
    // The links' key is DOCUMENT_LINK_KEY, the files' STORAGE_KEY: neither is written to the folder.
    expect(readdirSync(dataDir)).not.toContain(DOCUMENT_LINK_KEY_FILE);
    expect(readdirSync(dataDir)).not.toContain("storage.key");
    expect(countEntries(join(dataDir, "pg"))).toBeGreaterThan(900);
  }, 120_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "in development on PostgreSQL: the folder holds the stored files, the outbox and the keys, all private",
    async () => {
      const database = await createEmptyPostgresDatabase();
      const dataDir = looseDataDir();
      const run = startServer({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        WEB_DIR: fixtureWebBuild(),
      });
      try {
        await waitForOutput(run, READY);
      } finally {
        expect(await stopServer(run)).toBe(0);
        await database.drop();
      }
      expect(notPrivate(dataDir)).toEqual([]);
      expect(readdirSync(dataDir)).toEqual(
        expect.arrayContaining([DOCUMENT_LINK_KEY_FILE, "storage.key", "storage"]),
      );
      expect(readdirSync(dataDir)).not.toContain("pg");
    },
    120_000,
  );
});

const manage = (base: string, token: string) =>
  fetch(`${base}/v1/consultations/manage`, { headers: { [CONSULTATION_TOKEN_HEADER]: token } });

/** The demo lawyer's authenticator key, opened with `key` from the stopped server's database. */
async function demoLawyerSecret(dataDir: string, key: Buffer): Promise<string> {
  const handle = await openDb({ dataDir, migrate: false });
  try {
    const lawyer = await findUserByEmail(handle.db, "avvocato@demo.argine.it");
    const factor = lawyer && (await findSecondFactor(handle.db, lawyer.id));
    if (!lawyer || !factor) throw new Error("the demo lawyer's second factor");
    return openSecret(key, lawyer.id, factor.sealedSecret);
  } finally {
    await handle.close();
  }
}

/** Seals the demo lawyer's authenticator key with `key`, as an earlier version's start did with its own. */
async function sealDemoLawyerWith(dataDir: string, key: Buffer): Promise<void> {
  const handle = await openDb({ dataDir, migrate: false });
  try {
    const lawyer = await findUserByEmail(handle.db, "avvocato@demo.argine.it");
    if (!lawyer) throw new Error("the demo lawyer");
    await handle.db
      .update(secondFactors)
      .set({ sealedSecret: sealSecret(key, lawyer.id, DEMO_TOTP_SECRET) })
      .where(eq(secondFactors.userId, lawyer.id));
  } finally {
    await handle.close();
  }
}
