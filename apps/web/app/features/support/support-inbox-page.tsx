import { canWorkSupportInbox } from "@argine/core/support/policy";
import { SupportMessageBodySchema } from "@argine/core/support/support-api";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { ConnectionNote } from "../../shared/live/connection-note.tsx";
import { useMarkReadWhileSeen } from "../../shared/live/use-mark-read.ts";
import { MOBILE_MEDIA_QUERY } from "../../shared/ui/breakpoints.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatMoment } from "../../shared/ui/dates.ts";
import { SendError } from "../../shared/ui/form-field.tsx";
import { StaffOnly } from "../../shared/ui/staff-only.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import styles from "./support-inbox.module.css";
import { useLiveInbox, useLiveSupportThread } from "./support-live.ts";
import { SupportMessages, SupportTextField } from "./support-messages.tsx";
import {
  inboxQueryOptions,
  staffThreadQueryOptions,
  useAnswerSupport,
  useReadStaffThread,
} from "./support-queries.ts";

// The staff's support inbox (ADR 030): the threads waiting for an answer first, the longest waiting first,
// and the chosen one beside them, live: a visitor's new line moves the list and shows in the thread at once.

/** The chosen thread lives in the address, so a link can open it. */
const THREAD_PARAM = "conversazione";

const AnswerSchema = SupportMessageBodySchema.pick({ text: true });

export function SupportInboxPage() {
  const user = useCurrentUser();
  if (!canWorkSupportInbox(user?.roles)) {
    return <StaffOnly titleClassName={styles.title} />;
  }
  return <Inbox />;
}

function Inbox() {
  const [params] = useSearchParams();
  const selected = params.get(THREAD_PARAM);
  const inbox = useQuery(inboxQueryOptions());
  useLiveInbox();
  const threads = inbox.data?.data ?? [];
  return (
    <>
      <h1 className={styles.title}>Assistenza</h1>
      <p className={styles.intro}>
        Le conversazioni della chat di assistenza: prima chi aspetta una risposta, da più tempo.
      </p>
      <div className={styles.layout}>
        <TitledSection title="Conversazioni" className={styles.list}>
          {inbox.isPending ? <p>Caricamento delle conversazioni…</p> : null}
          {inbox.isSuccess && !threads.length ? <p>Nessuna conversazione.</p> : null}
          <ul className={styles.threads}>
            {threads.map((thread) => (
              <li key={thread.threadId}>
                <Link
                  to={`?${THREAD_PARAM}=${thread.threadId}`}
                  className={styles.threadLink}
                  aria-current={thread.threadId === selected ? "true" : undefined}
                >
                  <span className={styles.who}>{thread.who}</span>
                  {thread.firstWords ? (
                    <span className={styles.firstWords}>«{thread.firstWords}»</span>
                  ) : null}
                  {thread.closedAt ? (
                    <span className={styles.closed}>
                      Chiusa: ha usato l'uscita rapida il {formatMoment(thread.closedAt)}
                    </span>
                  ) : thread.awaitingReplySince ? (
                    <span className={styles.waiting}>
                      In attesa dal {formatMoment(thread.awaitingReplySince)}
                    </span>
                  ) : (
                    <span className={styles.answered}>
                      Ultimo messaggio {formatMoment(thread.lastMessageAt)}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </TitledSection>
        {selected ? (
          <StaffThread key={selected} id={selected} />
        ) : (
          <p className={styles.choose}>Scegli una conversazione per leggerla e rispondere.</p>
        )}
      </div>
    </>
  );
}

function StaffThread({ id }: { id: string }) {
  const options = staffThreadQueryOptions(id);

  const thread = useQuery(options);
  const { otherTyping, typing } = useLiveSupportThread(options.queryKey, id);

  // On a phone the thread is below the list: the one chosen comes into view once shown, its heading focused
  // (after the page's own scroll on arriving by a link).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shown = thread.isSuccess;
  useEffect(() => {
    if (!shown || !window.matchMedia?.(MOBILE_MEDIA_QUERY).matches) return;
    titleRef.current?.scrollIntoView({ block: "start" });
    titleRef.current?.focus({ preventScroll: true });
  }, [shown]);

  // While the thread is on screen, staff have read it: the person sees "Letto dal team".
  const { mutate: markRead } = useReadStaffThread(id);
  useMarkReadWhileSeen(
    thread.data?.messages.at(-1),
    thread.data?.reads.mine ?? null,
    thread.isSuccess,
    markRead,
  );

  const answer = useAnswerSupport(id, SENT_BY_FORM);
  const { form, field, submit, onSubmit, issuesPlaced } = useCheckedForm({
    resolver: schemaResolver<{ text: string }, { text: string }>(AnswerSchema),
    defaultValues: { text: "" },
    fieldNames: ["text"],
    focusOnInvalid: "field",
    hideSpinner: true,
    send: ({ text }) => answer.mutateAsync(text),
    onSuccess: () => form.reset({ text: "" }),
  });
  const text = form.watch("text");

  return (
    <TitledSection title="Conversazione" className={styles.thread} titleRef={titleRef}>
      {thread.isPending ? <p>Caricamento dei messaggi…</p> : null}
      {thread.isError ? <p role="alert">{thread.error.message}</p> : null}
      {thread.data?.email ? (
        <p className={styles.email}>
          Risposta per e-mail chiesta a: <a href={`mailto:${thread.data.email}`}>{thread.data.email}</a>
        </p>
      ) : null}
      <SupportMessages
        label="Messaggi della conversazione"
        messages={thread.data?.messages ?? []}
        reader="staff"
        me="Tu"
        theirRead={thread.data?.reads.theirs ?? null}
        readLabel="Letto"
        typingNote={otherTyping === "client" ? "Sta scrivendo…" : null}
        pending={submit.isPaused ? (submit.variables?.text ?? null) : null}
      />
      <ConnectionNote />
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <SupportTextField label="La tua risposta" rows={3} onInput={typing} value={text} {...field("text")} />
        <SendError error={submit.error} issuesPlaced={issuesPlaced} />
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          disabled={submit.isPending}
        >
          {submit.isPaused
            ? "In attesa della connessione…"
            : submit.isPending
              ? "Invio in corso…"
              : "Rispondi"}
        </button>
      </form>
    </TitledSection>
  );
}
