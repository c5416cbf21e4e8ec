import type { SupportMessage } from "@argine/core/chat/support-api";
import { lastSeenOf } from "../../shared/live/use-mark-read.ts";
import { formatMoment } from "../../shared/ui/dates.ts";
import styles from "./support-messages.module.css";

/**
 * A support thread's lines as one side reads them (the person's window, staff's inbox): the reader's own on
 * the right, "Letto…" under the newest of theirs the other side has seen (`theirRead`), then the other
 * side's typing. Text only, never HTML; the line breaks typed are kept.
 */
export function SupportMessages({
  label,
  messages,
  reader,
  me,
  theirRead,
  readLabel,
  typingNote,
}: {
  label: string;
  messages: readonly SupportMessage[];
  /** Which side reads: its own lines are "mine". */
  reader: SupportMessage["from"];
  /** How the reader's own lines are signed ("Tu"); the other side's by their author, or "Chi scrive". */
  me: string;
  theirRead: string | null;
  readLabel: string;
  /** The other side's typing, when it is. */
  typingNote: string | null;
}) {
  const lastSeenOfMine = lastSeenOf(messages, (message) => message.from === reader, theirRead);
  return (
    <>
      <div role="log" aria-label={label}>
        <ol className={styles.messages}>
          {messages.map((message) => {
            const mine = message.from === reader;
            return (
              <li key={message.id} className={mine ? styles.mine : styles.theirs}>
                <p className={styles.meta}>
                  {mine ? me : (message.author ?? "Chi scrive")} · {formatMoment(message.createdAt)}
                </p>
                <p className={styles.text}>{message.text}</p>
                {message.id === lastSeenOfMine ? <p className={styles.readMark}>{readLabel}</p> : null}
              </li>
            );
          })}
        </ol>
      </div>
      {typingNote ? <p className={styles.typing}>{typingNote}</p> : null}
    </>
  );
}
