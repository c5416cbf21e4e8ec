import type { SupportMessage } from "@argine/core/conversations/message-schemas";
import { SUPPORT_MESSAGE_MAX_LENGTH } from "@argine/core/support/support-api";
import {
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { lastSeenOf } from "../../shared/live/use-mark-read.ts";
import { formatMoment } from "../../shared/ui/dates.ts";
import { CharacterCount, TextAreaField } from "../../shared/ui/form-field.tsx";
import { SEND_ON_ENTER_HINT, sendOnEnter } from "../../shared/ui/send-on-enter.ts";
import styles from "./support-messages.module.css";

/** Within this distance of the bottom, the reader sees the newest line. */
const AT_BOTTOM_PX = 32;

/**
 * The thread opens at its newest line; a line arriving while the reader has scrolled up to older ones does
 * not move them, it raises a "Nuovi messaggi" mark (a button to it) instead. The reader's own line, and a
 * reader already at the bottom, follow the newest.
 */
function useNewestInView(
  messages: readonly SupportMessage[],
  reader: SupportMessage["from"],
  pending: boolean,
) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** The newest line already placed: what comes after it is new. */
  const placed = useRef<string | null>(null);
  /** The first line that arrived out of view, until the reader reaches it. */
  const [unseen, setUnseen] = useState<string | null>(null);

  const toBottom = () => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
    atBottom.current = true;
    setUnseen(null);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the lines and the pending one are the trigger
  useLayoutEffect(() => {
    const newest = messages.at(-1);
    if (!newest || newest.id === placed.current) {
      if (pending) toBottom();
      return;
    }
    const first = placed.current === null;
    const firstNew = messages[messages.findIndex((message) => message.id === placed.current) + 1] ?? newest;
    placed.current = newest.id;
    if (first || atBottom.current || newest.from === reader || pending) toBottom();
    else setUnseen((already) => already ?? firstNew.id);
  }, [messages, pending, reader]);

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight <= AT_BOTTOM_PX;
    if (atBottom.current) setUnseen(null);
  };

  const showUnseen = (event: MouseEvent<HTMLButtonElement>) => {
    const box = scroller.current;
    box?.querySelector(`[data-message="${unseen}"]`)?.scrollIntoView({ block: "start" });
    setUnseen(null);
    // The mark goes: a keyboard that was on it stays with the lines it led to.
    if (document.activeElement === event.currentTarget) box?.focus({ preventScroll: true });
  };

  return { scroller, unseen, onScroll, showUnseen };
}

/**
 * A support thread's lines as one side reads them (the person's window, staff's inbox): the reader's own on
 * the right, "Letto…" under the newest of theirs the other side has seen (`theirRead`), then the other
 * side's typing. Text only, never HTML; the line breaks typed are kept. A line sent offline waits at the
 * end, shown as waiting, until the network returns.
 */
export function SupportMessages({
  label,
  messages,
  reader,
  me,
  theirRead,
  readLabel,
  typingNote,
  pending = null,
  before,
  fill = false,
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
  /** The reader's line waiting for the network, if one is. */
  pending?: string | null;
  /** What scrolls away above the lines (the window's hours). */
  before?: ReactNode;
  /** The lines take all the height their container leaves (the chat's window), rather than a share. */
  fill?: boolean;
}) {
  const lastSeenOfMine = lastSeenOf(messages, (message) => message.from === reader, theirRead);
  const { scroller, unseen, onScroll, showUnseen } = useNewestInView(messages, reader, pending !== null);
  return (
    <>
      <div className={fill ? `${styles.frame} ${styles.fill}` : styles.frame}>
        <div
          ref={scroller}
          role="log"
          aria-label={label}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the lines scroll on their own, so the keyboard reaches them
          tabIndex={0}
          className={styles.log}
          onScroll={onScroll}
        >
          {before}
          <ol className={styles.messages}>
            {messages.map((message) => {
              const mine = message.from === reader;
              return (
                <li key={message.id} data-message={message.id} className={mine ? styles.mine : styles.theirs}>
                  <p className={styles.meta}>
                    {mine ? me : (message.author ?? "Chi scrive")} · {formatMoment(message.createdAt)}
                  </p>
                  <p className={styles.text}>{message.text}</p>
                  {message.id === lastSeenOfMine ? <p className={styles.readMark}>{readLabel}</p> : null}
                </li>
              );
            })}
            {pending !== null ? (
              <li className={`${styles.mine} ${styles.pending}`}>
                <p className={styles.meta}>{me} · in attesa di invio</p>
                <p className={styles.text}>{pending}</p>
              </li>
            ) : null}
          </ol>
        </div>
        {unseen ? (
          <button
            type="button"
            className={styles.newMark}
            // A click leaves the focus where it was (the text box): nothing else moves under the pointer.
            onMouseDown={(event) => event.preventDefault()}
            onClick={showUnseen}
          >
            Nuovi messaggi <span aria-hidden="true">↓</span>
          </button>
        ) : null}
      </div>
      {typingNote ? <p className={styles.typing}>{typingNote}</p> : null}
    </>
  );
}

/** The counter shows from here on: near the limit, never a silent cut. */
const COUNT_FROM = Math.floor(SUPPORT_MESSAGE_MAX_LENGTH * 0.8);

/** The support chat's text box, the person's and staff's alike: Enter sends, a counter near the limit. */
export function SupportTextField({
  value,
  ...props
}: Pick<ComponentProps<typeof TextAreaField>, "label" | "rows" | "onInput" | "registration" | "error"> & {
  value: string;
}) {
  return (
    <TextAreaField
      hint={SEND_ON_ENTER_HINT}
      onKeyDown={sendOnEnter}
      footer={<CharacterCount value={value} max={SUPPORT_MESSAGE_MAX_LENGTH} from={COUNT_FROM} />}
      {...props}
    />
  );
}
