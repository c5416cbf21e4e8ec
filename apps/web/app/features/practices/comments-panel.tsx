import {
  COMMENT_MAX_LENGTH,
  CommentBodySchema,
  type PracticeDetail,
} from "@argine/core/practices/practices-api";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { ConnectionNote } from "../../shared/live/connection-note.tsx";
import { lastSeenOf, useMarkReadWhileSeen } from "../../shared/live/use-mark-read.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatMoment } from "../../shared/ui/dates.ts";
import formStyles from "../../shared/ui/form.module.css";
import { CharacterCount, StatusRegion, TextAreaField } from "../../shared/ui/form-field.tsx";
import { SEND_ON_ENTER_HINT, sendOnEnter } from "../../shared/ui/send-on-enter.ts";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useLiveComments } from "./live-conversation.ts";
import {
  commentReadsQueryOptions,
  commentsQueryOptions,
  useAddComment,
  useEditComment,
  useReadComments,
} from "./practice-queries.ts";
import { PracticeSection } from "./practice-section.tsx";
import styles from "./practices.module.css";

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

interface CommentValues {
  comment: string;
}

/** A text area with its label, error and send button; used to write and to edit a comment. */
function CommentForm({
  label,
  initial = "",
  submitLabel,
  onSubmit: send,
  onCancel,
  onTyping,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<unknown>;
  /** Called as the user types (the other side sees "sta scrivendo…"). */
  onTyping?: () => void;
  onCancel?: () => void;
}) {
  const { form, field, submit, onSubmit } = useCheckedForm({
    resolver: schemaResolver<CommentValues, CommentValues>(CommentBodySchema),
    defaultValues: { comment: initial },
    fieldNames: ["comment"],
    focusOnInvalid: "field",
    // A failure opens the error modal (the caller's mutation); the text stays so nothing is lost.
    send: ({ comment }) => send(comment),
    onSuccess: () => form.reset({ comment: "" }),
  });
  return (
    <form onSubmit={onSubmit} noValidate className={styles.commentForm}>
      <TextAreaField
        label={label}
        hint={SEND_ON_ENTER_HINT}
        rows={4}
        onKeyDown={sendOnEnter}
        onInput={onTyping}
        footer={
          <CharacterCount
            value={form.watch("comment")}
            max={COMMENT_MAX_LENGTH}
            from={Math.floor(COMMENT_MAX_LENGTH * 0.8)}
          />
        }
        {...field("comment")}
      />
      {/* Offline, the message waits (the write pauses) and leaves once the network is back: said, not spun. */}
      <StatusRegion>
        {submit.isPaused ? (
          <p className={styles.statusText}>In attesa di invio: il messaggio partirà appena torni in linea.</p>
        ) : null}
      </StatusRegion>
      <div className={formStyles.actions}>
        <button type="submit" className={PRIMARY} disabled={submit.isPending}>
          {submit.isPaused ? "In attesa della connessione…" : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className={SECONDARY} onClick={onCancel}>
            Annulla
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** The conversation's heading, which "Contatta l'avvocato" at the top of the case page leads to. */
const CONVERSATION_ID = "conversazione";

/** "Contatta l'avvocato" (spec §2 practice detail): to the conversation, its text area ready to type in. */
export function ContactLawyerLink({ staff }: { staff: boolean }) {
  return (
    <a
      href={`#${CONVERSATION_ID}`}
      className={SECONDARY}
      onClick={(event) => {
        const field = document.querySelector<HTMLTextAreaElement>(
          `section[aria-labelledby="${CONVERSATION_ID}"] > form textarea`,
        );
        if (!field) return;
        event.preventDefault();
        field.scrollIntoView({ block: "center" });
        field.focus({ preventScroll: true });
      }}
    >
      {staff ? "Scrivi al cliente" : "Contatta l'avvocato"}
    </a>
  );
}

/**
 * "Contatta l'avvocato" (spec §2): the conversation on the practice (its comments, ADR 030), live while the
 * page is open: a message from the other side appears without reloading.
 */
export function CommentsPanel({ practice, staff }: { practice: PracticeDetail; staff: boolean }) {
  const user = useCurrentUser();
  const comments = useQuery(commentsQueryOptions(practice.practiceId));
  const reads = useQuery(commentReadsQueryOptions(practice.practiceId));
  const { otherTyping, typing } = useLiveComments(practice.practiceId);
  const { mutate: markRead } = useReadComments(practice.practiceId);
  useMarkReadWhileSeen(comments.data?.at(-1), reads.data?.mine ?? null, reads.isSuccess, markRead);
  // Under the newest of the reader's own messages the other side has seen: "Letto".
  const lastSeenOfMine = lastSeenOf(
    comments.data,
    (comment) => comment.authorId === user?.id,
    reads.data?.theirs ?? null,
  );
  const [editing, setEditing] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const add = useAddComment(practice.practiceId, {
    onSuccess: () => {
      setStatus("Messaggio inviato.");
    },
  });
  const edit = useEditComment(practice.practiceId, {
    onSuccess: () => {
      setEditing(null);
      setStatus("Messaggio modificato.");
    },
  });

  return (
    <PracticeSection
      id={CONVERSATION_ID}
      title={staff ? "Messaggi con il cliente" : "Contatta il tuo avvocato"}
    >
      {comments.data?.length ? (
        <ul className={styles.messages}>
          {comments.data.map((comment) => (
            <li key={comment.id} className={styles.message}>
              <p className={styles.messageMeta}>
                {comment.author ?? "Utente"} · {formatMoment(comment.createdAt)}
                {comment.updatedAt !== comment.createdAt ? " · modificato" : ""}
              </p>
              {editing === comment.id ? (
                <CommentForm
                  label="Modifica il messaggio"
                  initial={comment.comment}
                  submitLabel="Salva"
                  onSubmit={(text) => edit.mutateAsync({ id: comment.id, text })}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <p className={styles.messageBody}>{comment.comment}</p>
                  {comment.id === lastSeenOfMine ? (
                    <p className={styles.readMark}>{staff ? "Letto dal cliente" : "Letto dall'avvocato"}</p>
                  ) : null}
                  {user && comment.authorId === user.id ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => setEditing(comment.id)}
                    >
                      Modifica
                      <span className="visually-hidden">
                        {" "}
                        il messaggio del {formatMoment(comment.createdAt)}
                      </span>
                    </button>
                  ) : null}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : comments.isPending ? (
        <p>Caricamento dei messaggi…</p>
      ) : (
        <p>Ancora nessun messaggio su questa pratica.</p>
      )}
      <ConnectionNote />
      {otherTyping ? (
        <p className={styles.typingNote}>
          {otherTyping === "staff" ? "L'avvocato sta scrivendo…" : "Il cliente sta scrivendo…"}
        </p>
      ) : null}
      <CommentForm
        onTyping={typing}
        label={staff ? "Scrivi al cliente" : "Scrivi al tuo avvocato"}
        submitLabel="Invia il messaggio"
        onSubmit={(text) => add.mutateAsync(text)}
      />
      <StatusRegion>{status ? <p className={styles.statusText}>{status}</p> : null}</StatusRegion>
    </PracticeSection>
  );
}
