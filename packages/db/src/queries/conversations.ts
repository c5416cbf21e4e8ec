import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

// What every kind of conversation's messages share in the database (ADR 030): a number per conversation,
// which catch-up pages on. The kinds' own queries are comments.ts (a practice's) and support.ts.

/** Where a kind keeps its messages: the table, and the columns naming a message, its conversation, its number. */
export interface MessageTable {
  table: PgTable;
  id: AnyPgColumn;
  conversation: AnyPgColumn;
  seq: AnyPgColumn;
}

/**
 * The condition for the conversation's messages after `afterId` (one of them; no message when it is not):
 * what a live socket's reconnection missed, on the key (conversation, seq). Compared on `seq`, never on the
 * creation time: the numbers follow the commits, a timestamp the transactions' starts.
 */
export const afterMessage = (
  { table, id, conversation, seq }: MessageTable,
  conversationId: string,
  afterId: string | null | undefined,
): SQL | undefined =>
  afterId
    ? // Inside the subquery the table's name stands for the subquery's own row.
      sql`${seq} > (select ${seq} from ${table} where ${id} = ${afterId} and ${conversation} = ${conversationId})`
    : undefined;
