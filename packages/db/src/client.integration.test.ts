import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDb } from "./client.ts";
import { products } from "./schema.ts";

describe("PGlite data folder", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), "argine-db-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps data across a close and a reopen", async () => {
    const dir = tempDir();
    const first = await openDb({ dataDir: dir });
    await first.db.insert(products).values({
      code: "TEST",
      name: "Prova",
      description: "",
      priceCents: 100,
      discountedPriceCents: 100,
      sortOrder: 1,
    });
    await first.close();
    const second = await openDb({ dataDir: dir });
    const rows = await second.db.select().from(products);
    await second.close();
    expect(rows.map((r) => r.code)).toEqual(["TEST"]);
  });

  it("refuses a folder held by another live process", async () => {
    const dir = tempDir();
    const holder = spawn("sleep", ["30"]);
    try {
      mkdirSync(join(dir, "pg"), { recursive: true });
      writeFileSync(join(dir, "pg.lock"), String(holder.pid));
      await expect(openDb({ dataDir: dir })).rejects.toThrow(/in use by process/);
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that has died", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "pg"), { recursive: true });
    writeFileSync(join(dir, "pg.lock"), "999999999");
    const handle = await openDb({ dataDir: dir });
    await handle.close();
  });
});
