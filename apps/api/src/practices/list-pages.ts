import type { Db } from "@argine/db/client";
import { oncePerDb } from "@argine/db/queries/prepared";

/** Enough for every reader of a busy hour's first pages; about 10 KB each. */
const PAGES_KEPT = 256;
/** A staff member's same list, unchanged, within this long of its line, adds no line (ADR 045). */
export const LIST_LINE_WINDOW_MS = 60_000;

/**
 * The lists of practices this process read, each kept under the practice_lists_version value that its
 * reader's grant check saw before reading it (migration 0031, `request.listsVersion`). While a request sees
 * that same value, nothing a list shows has changed since, on any process: the list is answered from here
 * without reading it again (docs/performance.md, ADR 045). A request that sees another value reads, and the
 * first list kept under it empties the rest. A null version (an external provider's caller) always reads.
 */
class ListPages {
  private version: string | null = null;
  private readonly pages = new Map<string, unknown>();
  /** When this process last wrote the audit line of each list kept under `version`. */
  private readonly lines = new Map<string, number>();

  async through<T>(version: string | null, key: string, read: () => Promise<T>): Promise<T> {
    if (version !== null && version === this.version && this.pages.has(key)) return this.pages.get(key) as T;
    const page = await read();
    if (version === null) return page;
    if (version !== this.version) {
      this.pages.clear();
      this.lines.clear();
      this.version = version;
    }
    // The oldest leaves first: a Map keeps insertion order.
    if (this.pages.size >= PAGES_KEPT) this.pages.delete(this.pages.keys().next().value ?? "");
    this.pages.set(key, page);
    return page;
  }

  /**
   * Writes a staff member's list read into the audit log (`write`), unless this process wrote the line of the
   * same list, as it still is, within LIST_LINE_WINDOW_MS: the same reader seeing the same cases again, nothing
   * in them changed, is the line already written (ADR 045). `key` names the reader. A list read under
   * another version than the one kept, or none, always writes.
   */
  async writeLine(
    version: string | null,
    key: string,
    at: number,
    write: () => Promise<void>,
  ): Promise<void> {
    if (version === null || version !== this.version) return write();
    const last = this.lines.get(key);
    if (last !== undefined && at >= last && at - last < LIST_LINE_WINDOW_MS) return;
    if (this.lines.size >= PAGES_KEPT) this.lines.clear();
    this.lines.set(key, at);
    try {
      await write();
    } catch (error) {
      // Not written: the next read writes it.
      if (this.lines.get(key) === at) this.lines.delete(key);
      throw error;
    }
  }
}

/** One per database, so that two apps of one test process never share a list. */
export const listPages = oncePerDb((_db: Db) => new ListPages());
