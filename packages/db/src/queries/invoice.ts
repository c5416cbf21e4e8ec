import type { DocumentSeries } from "@argine/core/invoice/documents";
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { documentCounters } from "../schema/invoice.ts";

// Money documents (issue 16): invoices, credit notes and receipts, and their numbering.

/**
 * The next number of a series in a year, in the caller's transaction (the one that stores the document).
 * An upsert on the counter's row (`document_counters` primary key): concurrent callers wait for its row
 * lock, and a transaction that rolls back gives its number back, so numbers are unique and have no gaps.
 */
export async function nextDocumentNumber(tx: Db, series: DocumentSeries, year: number): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ number: documentCounters.lastNumber });
  if (!row) throw new Error("document counter not moved");
  return row.number;
}
