import { CommentBodySchema, type PracticeDetail } from "@argine/core/practices/practices-api";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatMoment } from "../../shared/ui/dates.ts";
import formStyles from "../../shared/ui/form.module.css";
import { StatusRegion, TextAreaField } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { commentsQueryOptions, useAddComment, useEditComment } from "./practice-queries.ts";
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
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<unknown>;
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
      <TextAreaField label={label} rows={4} maxLength={5000} {...field("comment")} />
      <div className={formStyles.actions}>
        <button type="submit" className={PRIMARY} disabled={submit.isPending}>
          {submitLabel}
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

/** "Contatta l'avvocato" (spec §2): the written conversation on the practice, kept as comments. */
export function CommentsPanel({ practice, staff }: { practice: PracticeDetail; staff: boolean }) {
  const user = useCurrentUser();
  const comments = useQuery(commentsQueryOptions(practice.practiceId));
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
    <PracticeSection title={staff ? "Messaggi con il cliente" : "Contatta il tuo avvocato"}>
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
      <CommentForm
        label={staff ? "Scrivi al cliente" : "Scrivi al tuo avvocato"}
        submitLabel="Invia il messaggio"
        onSubmit={(text) => add.mutateAsync(text)}
      />
      <StatusRegion>{status ? <p className={styles.statusText}>{status}</p> : null}</StatusRegion>
    </PracticeSection>
  );
}
