import type { Db } from "@argine/db/client";
import { describe, expect, it } from "vitest";
import { LIST_LINE_WINDOW_MS, listPages } from "./list-pages.ts";

// The audit lines of the lists kept (ADR 045): the same list, unchanged, once a minute per reader and process.

describe("a kept list's audit line", () => {
  const fresh = () => listPages({} as Db);
  const keep = async (pages: ReturnType<typeof fresh>, version: string, key: string) =>
    pages.through(version, key, async () => ({ data: [] }));

  it("is written for the first read, not again within the window, again after it", async () => {
    const pages = fresh();
    await keep(pages, "v1", "list a");
    const written: number[] = [];
    const line = (at: number) => pages.writeLine("v1", "list a", at, async () => void written.push(at));
    await line(1_000);
    await line(1_000 + LIST_LINE_WINDOW_MS - 1);
    await line(1_000 + LIST_LINE_WINDOW_MS);
    expect(written).toEqual([1_000, 1_000 + LIST_LINE_WINDOW_MS]);
  });

  it("is written again under a new version, for another reader's key, and without a version", async () => {
    const pages = fresh();
    await keep(pages, "v1", "list a");
    const written: string[] = [];
    const line = (version: string | null, key: string) =>
      pages.writeLine(version, key, 5_000, async () => void written.push(`${version} ${key}`));
    await line("v1", "list a");
    await line("v1", "list b");
    await keep(pages, "v2", "list a");
    await line("v2", "list a");
    await line("v1", "list a"); // a read under the version no longer kept
    await line(null, "list a");
    expect(written).toEqual(["v1 list a", "v1 list b", "v2 list a", "v1 list a", "null list a"]);
  });

  it("is written by the next read when writing it failed", async () => {
    const pages = fresh();
    await keep(pages, "v1", "list a");
    await expect(
      pages.writeLine("v1", "list a", 1_000, async () => {
        throw new Error("the database is away");
      }),
    ).rejects.toThrow();
    let written = false;
    await pages.writeLine("v1", "list a", 1_001, async () => {
      written = true;
    });
    expect(written).toBe(true);
  });
});
