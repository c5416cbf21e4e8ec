import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DbHandle, openDb } from "@argine/db/client";
import { listOidcKeys, upsertOidcPayload } from "@argine/db/queries/oidc";
import { createUser } from "@argine/db/queries/users";
import { createEmptyPostgresDatabase, openTestDb, type TestDbKind, testDbKinds } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import { importJWK, type JWK, SignJWT } from "jose";
import { TestClock } from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureWebBuild } from "../../test/helpers.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import {
  KEY_RETIREMENT_DELAY_MS,
  KeyRetirementRefused,
  retireProviderKeys,
  rotateCookieKey,
  rotateSigningKey,
} from "../identity/keys.ts";
import { createDiskStorage, loadStorageMasterKey, readStorageKeyFile } from "../storage/disk-storage.ts";
import { KeysError, runKeys } from "./key-commands.ts";

// The operator's commands (npm run keys), through the functions cli.ts calls, with an environment as the
// server's: a database folder (PGlite) or a PostgreSQL URL, and the storage under DATA_DIR.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "argine-keys-"));
  folders.push(dir);
  return dir;
}

const KEY_A = Buffer.alloc(32, 0xa1);
const KEY_B = Buffer.alloc(32, 0xb2);
const KEY_C = Buffer.alloc(32, 0xc3);

const baseEnv = (dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  WEB_DIR: fixtureWebBuild(),
  DATA_DIR: dataDir,
  ...extra,
});

const diskOf = (dir: string, masterKey: Buffer) =>
  createDiskStorage({ dir, masterKey, publicUrl: "http://127.0.0.1:1" }, new TestClock(Date.now()));

const FILES: Record<string, Buffer> = {
  "practices/p1/evidence": Buffer.from("prova riservata"),
  "documents/d1.pdf": Buffer.from("%PDF-1.7 ..."),
};

describe("npm run keys -- rotate-storage", () => {
  it("with the key in DATA_DIR/storage.key: re-encrypts the files, then replaces the key, the old one kept", async () => {
    const dataDir = tempDir();
    const keyFile = join(dataDir, "storage.key");
    const current = await loadStorageMasterKey(undefined, keyFile);
    const dir = join(dataDir, "storage");
    for (const [name, bytes] of Object.entries(FILES)) await diskOf(dir, current).put(name, bytes);
    const env = baseEnv(dataDir, { NEW_STORAGE_KEY: KEY_B.toString("base64") });

    const result = await runKeys(["rotate-storage"], { env });
    expect(result.code).toBe(0);
    expect(result.text).toContain("Re-encrypted 2 files");
    expect(result.text).toContain("storage.key.old");
    expect(await readStorageKeyFile(keyFile)).toEqual(KEY_B);
    expect(await readStorageKeyFile(`${keyFile}.old`)).toEqual(current);
    // What the server reads at its next start.
    const restarted = diskOf(dir, await loadStorageMasterKey(undefined, keyFile));
    for (const [name, bytes] of Object.entries(FILES)) expect(await restarted.get(name)).toEqual(bytes);
    // The lock was held for the run, and given back.
    expect(existsSync(join(dataDir, "pg.lock"))).toBe(false);

    const again = await runKeys(["rotate-storage"], { env });
    expect(again).toEqual({ code: 0, text: expect.stringContaining("the rotation is done") });
  });

  it("with STORAGE_KEY: re-encrypts, and says to set STORAGE_KEY to the new key", async () => {
    const dataDir = tempDir();
    const dir = join(dataDir, "storage");
    for (const [name, bytes] of Object.entries(FILES)) await diskOf(dir, KEY_A).put(name, bytes);
    const env = baseEnv(dataDir, {
      STORAGE_KEY: KEY_A.toString("base64"),
      NEW_STORAGE_KEY: KEY_B.toString("base64"),
    });
    const result = await runKeys(["rotate-storage"], { env });
    expect(result.code).toBe(0);
    expect(result.text).toContain("set STORAGE_KEY to the new key");
    expect(existsSync(join(dataDir, "storage.key"))).toBe(false);
    for (const [name, bytes] of Object.entries(FILES))
      expect(await diskOf(dir, KEY_B).get(name)).toEqual(bytes);
  });

  it("leaves the key file as it is while a file reads with neither key, and says which", async () => {
    const dataDir = tempDir();
    const keyFile = join(dataDir, "storage.key");
    const current = await loadStorageMasterKey(undefined, keyFile);
    const dir = join(dataDir, "storage");
    await diskOf(dir, current).put("practices/p1/evidence", Buffer.from("prova"));
    await diskOf(dir, KEY_C).put("practices/p2/stranger", Buffer.from("di un'altra chiave"));
    const env = baseEnv(dataDir, { NEW_STORAGE_KEY: KEY_B.toString("base64") });

    const result = await runKeys(["rotate-storage"], { env });
    expect(result.code).toBe(1);
    expect(result.text).toContain("practices/p2/stranger: wrapped by neither");
    expect(await readStorageKeyFile(keyFile)).toEqual(current);
    expect(await diskOf(dir, KEY_C).get("practices/p2/stranger")).toEqual(Buffer.from("di un'altra chiave"));

    // Moved out of the folder: the next run finishes, and only then replaces the key.
    rmSync(join(dir, "practices/p2"), { recursive: true });
    const finished = await runKeys(["rotate-storage"], { env });
    expect(finished.code).toBe(0);
    expect(finished.text).toContain("Re-encrypted 0 files");
    expect(finished.text).toContain("1 already were");
    expect(await readStorageKeyFile(keyFile)).toEqual(KEY_B);
  });

  it("refuses while the server holds the data folder, on S3, with PostgreSQL unless all are stopped, without a new key", async () => {
    const dataDir = tempDir();
    const current = await loadStorageMasterKey(undefined, join(dataDir, "storage.key"));
    await diskOf(join(dataDir, "storage"), current).put("a", Buffer.from("x"));
    const newKey = { NEW_STORAGE_KEY: KEY_B.toString("base64") };
    // A running server's lock (this process stands for it).
    writeFileSync(join(dataDir, "pg.lock"), String(process.pid));
    await expect(runKeys(["rotate-storage"], { env: baseEnv(dataDir, newKey) })).rejects.toThrow(
      /stop the server/,
    );
    rmSync(join(dataDir, "pg.lock"));
    await expect(
      runKeys(["rotate-storage"], {
        env: baseEnv(dataDir, { ...newKey, S3_BUCKET: "argine-files" }),
      }),
    ).rejects.toThrow(/rotated by the provider/);
    const postgres = baseEnv(dataDir, { ...newKey, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    await expect(runKeys(["rotate-storage"], { env: postgres })).rejects.toThrow(/--all-stopped/);
    await expect(runKeys(["rotate-storage"], { env: baseEnv(dataDir) })).rejects.toThrow(KeysError);
    await expect(
      runKeys(["rotate-storage"], { env: baseEnv(dataDir, { NEW_STORAGE_KEY: "short" }) }),
    ).rejects.toThrow(/NEW_STORAGE_KEY/);
    // Nothing was changed by any of them.
    expect(await readStorageKeyFile(join(dataDir, "storage.key.old"))).toBeNull();
    // With every process stopped, PostgreSQL's case runs (it needs no database).
    expect((await runKeys(["rotate-storage", "--all-stopped"], { env: postgres })).code).toBe(0);
    expect(await diskOf(join(dataDir, "storage"), KEY_B).get("a")).toEqual(Buffer.from("x"));
  });

  it("with STORAGE_KEY new and STORAGE_PREVIOUS_KEY old: re-encrypts while the server runs, and says to restart without the old key", async () => {
    const dataDir = tempDir();
    const dir = join(dataDir, "storage");
    for (const [name, bytes] of Object.entries(FILES)) await diskOf(dir, KEY_A).put(name, bytes);
    // The embedded server holds its folder: the rotation under traffic needs no database, and goes on.
    writeFileSync(join(dataDir, "pg.lock"), String(process.pid));
    const pair = { STORAGE_KEY: KEY_B.toString("base64"), STORAGE_PREVIOUS_KEY: KEY_A.toString("base64") };
    const result = await runKeys(["rotate-storage"], { env: baseEnv(dataDir, pair), settleMs: 50 });
    expect(result.code).toBe(0);
    expect(result.text).toMatch(/^Re-encrypted 2 files under STORAGE_KEY in .* \(2 passes\)\./);
    expect(result.text).toContain("restart the processes one at a time without STORAGE_PREVIOUS_KEY");
    for (const [name, bytes] of Object.entries(FILES)) {
      expect(await diskOf(dir, KEY_B).get(name)).toEqual(bytes);
      await expect(diskOf(dir, KEY_A).get(name)).rejects.toThrow();
    }
    // Run again: nothing left under the old key.
    const again = await runKeys(["rotate-storage"], { env: baseEnv(dataDir, pair), settleMs: 0 });
    expect(again.text).toMatch(/^Re-encrypted 0 files .*2 already were/);
  });

  it("refuses a STORAGE_PREVIOUS_KEY that opens nothing, one without STORAGE_KEY, and NEW_STORAGE_KEY beside it", async () => {
    const dataDir = tempDir();
    const dir = join(dataDir, "storage");
    await diskOf(dir, KEY_A).put("a", Buffer.from("x"));
    const wrong = { STORAGE_KEY: KEY_B.toString("base64"), STORAGE_PREVIOUS_KEY: KEY_C.toString("base64") };
    await expect(runKeys(["rotate-storage"], { env: baseEnv(dataDir, wrong), settleMs: 0 })).rejects.toThrow(
      `STORAGE_PREVIOUS_KEY opens none of the files in ${dir}: it is not the key they are encrypted with. Set it to that key (STORAGE_KEY before this rotation) in the servers' environment and this one, then run this again; nothing was changed.`,
    );
    expect(await diskOf(dir, KEY_A).get("a")).toEqual(Buffer.from("x"));
    await expect(
      runKeys(["rotate-storage"], {
        env: baseEnv(dataDir, { STORAGE_PREVIOUS_KEY: KEY_A.toString("base64") }),
      }),
    ).rejects.toThrow(/STORAGE_PREVIOUS_KEY: set only with STORAGE_KEY/);
    await expect(
      runKeys(["rotate-storage"], {
        env: baseEnv(dataDir, {
          STORAGE_KEY: KEY_B.toString("base64"),
          STORAGE_PREVIOUS_KEY: KEY_A.toString("base64"),
          NEW_STORAGE_KEY: KEY_C.toString("base64"),
        }),
      }),
    ).rejects.toThrow(/unset NEW_STORAGE_KEY/);
    // STORAGE_KEY without a new key: the two ways are told.
    await expect(
      runKeys(["rotate-storage"], { env: baseEnv(dataDir, { STORAGE_KEY: KEY_A.toString("base64") }) }),
    ).rejects.toThrow(/STORAGE_PREVIOUS_KEY to the current one/);
    expect(await diskOf(dir, KEY_A).get("a")).toEqual(Buffer.from("x"));
  });

  it("answers the usage for an unknown command or a bad --keep", async () => {
    for (const args of [[], ["rotate"], ["retire-signing", "--keep", "0"], ["retire-signing", "--keep"]])
      expect((await runKeys(args, { env: baseEnv(tempDir()) })).code).toBe(2);
  });
});

/** A database that outlives its handles, and the environment a server on it has. */
async function persistent(kind: TestDbKind) {
  const dataDir = tempDir();
  if (kind === "pglite")
    return { env: baseEnv(dataDir), open: () => openDb({ dataDir }), drop: async () => {} };
  const empty = await createEmptyPostgresDatabase();
  return {
    env: baseEnv(dataDir, { DATABASE_URL: empty.url }),
    open: () => openDb({ databaseUrl: empty.url, poolSize: 3 }),
    drop: empty.drop,
  };
}

describe.each(testDbKinds())("npm run keys -- rotate-signing, retire-signing on %s", (kind) => {
  it("a token signed before the rotation verifies after it and a restart; retirement waits, then keeps the newest", async () => {
    const db = await persistent(kind);
    const config = loadConfig(db.env);
    /** A server's start on the database: buildApp loads the keys, as main.ts does. */
    const start = async () => {
      const handle = await db.open();
      const app = await buildApp({ config, handle });
      const close = async () => {
        await app.close();
        await handle.close();
      };
      return { handle, app, close };
    };
    const me = (server: Awaited<ReturnType<typeof start>>, token: string) =>
      server.app.inject({ url: "/v1/users/me", headers: { authorization: `Bearer ${token}` } });
    try {
      // The first start makes the first keys; the provider signs an access token with the newest.
      let server = await start();
      const token = await accessToken(server.handle, config);
      expect((await me(server, token)).statusCode).toBe(200);
      const [firstKey] = await listOidcKeys(server.handle.db, "signing");
      if (kind === "pglite") {
        await expect(runKeys(["rotate-signing"], { env: db.env })).rejects.toThrow(/stop the server/);
        await server.close();
      }
      const rotatedAt = new Date(Date.now() + 60_000);
      const rotated = await runKeys(["rotate-signing"], { env: db.env, now: () => rotatedAt });
      expect(rotated.code).toBe(0);
      expect(rotated.text).toContain(kind === "pglite" ? "start it now" : "no restart is needed");
      expect(rotated.text).toContain("keep verifying");

      // PGlite's restart, or PostgreSQL's running process told by the command: the new key signs (first in
      // the JWKS), the old token still verifies.
      if (kind === "pglite") server = await start();
      const published = async (app: FastifyInstance) =>
        ((await app.inject({ url: "/oidc/jwks" })).json() as { keys: { kid: string }[] }).keys.map(
          (k) => k.kid,
        );
      await expect.poll(async () => (await published(server.app)).length).toBe(2);
      const jwks = (await server.app.inject({ url: "/oidc/jwks" })).json() as { keys: { kid: string }[] };
      expect(jwks.keys).toHaveLength(2);
      expect(jwks.keys[0]?.kid).not.toBe(firstKey?.kid);
      expect(jwks.keys[1]?.kid).toBe(firstKey?.kid);
      expect((await me(server, token)).statusCode).toBe(200);
      expect(await listOidcKeys(server.handle.db, "cookie")).toHaveLength(2);
      if (kind === "pglite") await server.close();

      // Too soon: refused, nothing deleted.
      const tooSoon = new Date(rotatedAt.getTime() + KEY_RETIREMENT_DELAY_MS - 60_000);
      await expect(
        runKeys(["retire-signing", "--keep", "1"], { env: db.env, now: () => tooSoon }),
      ).rejects.toThrow(/Refused, nothing deleted[\s\S]*--keep 2/);
      // The newest two of each are kept by default: nothing to retire.
      const later = new Date(rotatedAt.getTime() + KEY_RETIREMENT_DELAY_MS);
      expect((await runKeys(["retire-signing"], { env: db.env, now: () => later })).text).toContain(
        "Nothing to retire",
      );
      const retired = await runKeys(["retire-signing", "--keep=1"], { env: db.env, now: () => later });
      expect(retired.code).toBe(0);
      expect(retired.text).toContain(`signing key ${firstKey?.kid}`);
      expect(retired.text).toMatch(/Retired 2 keys/);

      // PostgreSQL's running process drops them at once; PGlite's at its start. Only the newest key is
      // published, and what the old one signed is refused.
      if (kind === "pglite") server = await start();
      await expect.poll(async () => (await published(server.app)).length).toBe(1);
      const after = (await server.app.inject({ url: "/oidc/jwks" })).json() as { keys: { kid: string }[] };
      expect(after.keys.map((k) => k.kid)).toEqual([jwks.keys[0]?.kid]);
      expect(await listOidcKeys(server.handle.db, "cookie")).toHaveLength(1);
      expect((await me(server, token)).statusCode).toBe(401);
      expect((await me(server, await accessToken(server.handle, config))).statusCode).toBe(200);
      await server.close();
    } finally {
      await db.drop();
    }
  }, 180_000);
});

describe.each(testDbKinds())("the retirement rule on %s", (kind) => {
  it("retires a key only 15 days after the next one was added, or at once when it leaked", async () => {
    const handle = await openTestDb(kind);
    try {
      const DAY = 24 * 3600_000;
      const t0 = new Date("2026-01-01T00:00:00Z");
      const at = (days: number) => new Date(t0.getTime() + days * DAY);
      const kids: string[] = [];
      for (const days of [0, 1, 20]) {
        kids.push(await rotateSigningKey(handle.db, at(days)));
        await rotateCookieKey(handle.db, at(days));
      }
      const [oldest, middle, newest] = kids;
      const signing = async () => (await listOidcKeys(handle.db, "signing")).map((k) => k.kid);
      // The middle key was replaced on day 20: it may go from day 35, not before.
      const refused = await retireProviderKeys(handle.db, at(34), 1).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(KeyRetirementRefused);
      expect((refused as KeyRetirementRefused).tooRecent.map((k) => [k.kind, k.retirableFrom])).toEqual([
        ["signing", at(35)],
        ["cookie", at(35)],
      ]);
      expect(await signing()).toEqual([newest, middle, oldest]);
      // The oldest was replaced on day 1: it goes from day 16.
      const kept2 = await retireProviderKeys(handle.db, at(20), 2);
      expect(kept2.retired.map((k) => k.kid)).toContain(oldest);
      expect(kept2.retired).toHaveLength(2);
      expect(await signing()).toEqual([newest, middle]);
      // A leaked key goes at once; the newest is always kept.
      const leaked = await retireProviderKeys(handle.db, at(20), 1, { compromised: true });
      expect(leaked.retired.map((k) => k.kid)).toContain(middle);
      expect(await signing()).toEqual([newest]);
      expect(await listOidcKeys(handle.db, "cookie")).toHaveLength(1);
      await expect(retireProviderKeys(handle.db, at(20), 0)).rejects.toThrow("newest");
    } finally {
      await handle.close();
    }
  });
});

/**
 * An access token as the provider makes it: signed with its newest key, for the API, naming a live grant of
 * a user (identity/authenticate.ts checks all of that).
 */
async function accessToken(handle: DbHandle, config: ReturnType<typeof loadConfig>): Promise<string> {
  const user = await createUser(handle.db, {
    email: `k-${randomUUID()}@example.org`,
    name: "Chiave",
    lastname: "Ruotata",
    privacyConsent: true,
    marketingConsent: false,
  });
  const grantId = randomUUID();
  await upsertOidcPayload(handle.db, {
    type: "Grant",
    id: grantId,
    payload: { accountId: user?.id, clientId: config.identity.clientId },
    expiresAt: new Date(Date.now() + 3600_000),
  });
  const [key] = await listOidcKeys(handle.db, "signing");
  const jwk = key?.material as JWK;
  return new SignJWT({ roles: [], gid: grantId })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid ?? "" })
    .setIssuer(config.identity.issuer)
    .setAudience(config.identity.audience)
    .setSubject(user?.id ?? "")
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(await importJWK(jwk, "RS256"));
}
