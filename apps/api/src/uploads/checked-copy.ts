import type { Db } from "@argine/db/client";
import type { Deps } from "../deps.ts";

/**
 * An upload's last step, after its bytes were checked (ADR 024): they are stored again under `checkedKey`,
 * which no link writes, the key the browser's link wrote is dropped, then `record` marks the upload taken,
 * in one transaction. The link's key goes before the commit, never after: a storage failing there fails
 * the call with nothing recorded, so the person sends the file again. After the commit it would answer an
 * error for a file already taken, and the next try would be refused as "already sent" (the fault drill's
 * S3 outage found it). A record that fails takes the checked copy with it.
 */
export async function keepCheckedCopy<T>(
  deps: Pick<Deps, "db" | "storage">,
  copy: { uploadKey: string; checkedKey: string; bytes: Uint8Array },
  record: (tx: Db) => Promise<T>,
): Promise<T> {
  await deps.storage.put(copy.checkedKey, copy.bytes);
  try {
    await deps.storage.delete(copy.uploadKey);
    return await deps.db.transaction(record);
  } catch (error) {
    await deps.storage.delete(copy.checkedKey);
    throw error;
  }
}
