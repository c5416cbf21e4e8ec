import { EmailSchema } from "@argine/core/shared/fields";
import { SupportMessageBodySchema } from "@argine/core/support/support-api";
import {
  formatBackAt,
  formatRomeTime,
  SUPPORT_ANSWER_TEXT,
  SUPPORT_HOURS_TEXT,
  supportStatus,
} from "@argine/core/support/support-hours";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { errorCode } from "../../shared/http/http-error.ts";
import { ConnectionNote } from "../../shared/live/connection-note.tsx";
import { useMarkReadWhileSeen } from "../../shared/live/use-mark-read.ts";
import { keepTabInside } from "../../shared/modal/modal.tsx";
import { CONSULTATION_PATH } from "../../shared/navigation/navigation.ts";
import {
  forgetSupportToken,
  readSupportToken,
  writeSupportToken,
} from "../../shared/store/browser-storage.ts";
import { useIsPhone } from "../../shared/ui/breakpoints.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { EmailField, SendError } from "../../shared/ui/form-field.tsx";
import { lockScroll } from "../../shared/ui/scroll-lock.ts";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import styles from "./support.module.css";
import { useLiveSupportThread } from "./support-live.ts";
import { SupportMessages, SupportTextField } from "./support-messages.tsx";
import { ownThreadQueryOptions, useReadOwnThread, useWriteToSupport } from "./support-queries.ts";

// The support chat's window (ADR 030), loaded only when the launcher is first pressed: the person's thread
// with the team, live, and a line to write. A visitor needs no account: the first line opens the thread, and
// the token that finds it again stays in this browser (the quick exit closes it; the answer mail's link opens
// it on any device). On a phone it fills the screen: a modal dialog, the page behind it out of reach.

interface LineValues {
  text: string;
  email: string;
}

/** The form's check: an empty e-mail field is no e-mail. */
const LineSchema = SupportMessageBodySchema.extend({
  email: z.preprocess((value) => (value === "" ? undefined : value), EmailSchema.optional()),
});

export function SupportPanel({ onClose, notice = null }: { onClose: () => void; notice?: string | null }) {
  const titleId = useId();
  const user = useCurrentUser();
  const signedIn = user !== null;
  const [token, setToken] = useState(() => (signedIn ? null : readSupportToken()));
  const own = ownThreadQueryOptions(token, signedIn);
  const thread = useQuery(own);
  const { otherTyping, typing } = useLiveSupportThread(own.queryKey, thread.data?.threadId ?? null);

  // A token that opens no thread any more is forgotten: the next line starts a new one.
  const gone = !signedIn && token !== null && errorCode(thread.error) === "NOT_FOUND";
  useEffect(() => {
    if (!gone) return;
    forgetSupportToken();
    setToken(null);
  }, [gone]);

  // While the window shows the thread, the person has read the team's answers: the team sees it.
  const { mutate: markRead } = useReadOwnThread(token, signedIn);
  useMarkReadWhileSeen(
    thread.data?.messages.at(-1),
    thread.data?.reads.mine ?? null,
    thread.isSuccess,
    markRead,
  );

  const write = useWriteToSupport(token, signedIn, SENT_BY_FORM);
  const { form, field, submit, onSubmit, issuesPlaced } = useCheckedForm({
    resolver: schemaResolver<LineValues, z.infer<typeof LineSchema>>(LineSchema),
    defaultValues: { text: "", email: "" },
    fieldNames: ["text", "email"],
    focusOnInvalid: "field",
    hideSpinner: true,
    send: write.mutateAsync,
    onSuccess: (answer) => {
      // A visitor's first line: keep the token that finds the thread again, here and after a reload.
      if (answer.token) {
        writeSupportToken(answer.token);
        setToken(answer.token);
      }
      form.reset({ text: "", email: "" });
    },
  });
  const text = form.watch("text");

  // The window opens on the text area; Escape closes it and gives the focus back to the launcher.
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    panelRef.current?.querySelector("textarea")?.focus();
  }, []);
  const phone = useIsPhone();
  // Full screen on a phone: the page behind stays still and out of the keyboard's reach.
  useEffect(() => (phone ? lockScroll() : undefined), [phone]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") onClose();
    else if (phone && panelRef.current) keepTabInside(event, panelRef.current);
  };

  const [now] = useState(() => new Date());
  const status = supportStatus(now);
  const messages = thread.data?.messages ?? [];
  // Offline, the line waits (the write pauses) and leaves once the network is back.
  const waiting = submit.isPaused ? (submit.variables?.text ?? null) : null;

  return (
    <section
      ref={panelRef}
      className={styles.panel}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      {...(phone ? { role: "dialog", "aria-modal": true } : {})}
    >
      {/* Not a <header>: inside a dialog it would be a second banner of the page. */}
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Scrivi al team di Argine
        </h2>
        <button type="button" className={styles.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Chiudi la chat</span>
        </button>
      </div>
      <div className={styles.body}>
        {notice ? (
          <p className={styles.notice} role="alert">
            {notice}
          </p>
        ) : null}
        <SupportMessages
          label="Messaggi con il team"
          messages={messages}
          reader="person"
          me="Tu"
          theirRead={thread.data?.reads.theirs ?? null}
          readLabel="Letto dal team"
          typingNote={otherTyping === "staff" ? "Il team sta scrivendo…" : null}
          pending={waiting}
          fill
          before={
            <>
              {status.state === "open" ? (
                <p className={styles.status}>Il team è al lavoro ora. {SUPPORT_ANSWER_TEXT}</p>
              ) : status.state === "closing" ? (
                <p className={styles.status}>
                  Il team è al lavoro fino alle {formatRomeTime(status.closesAt)}: se non facciamo in tempo a
                  risponderti oggi, lo facciamo appena rientriamo, {formatBackAt(status.backAt, now)}.
                </p>
              ) : (
                <p className={styles.status}>
                  In questo momento siamo chiusi: torniamo {formatBackAt(status.backAt, now)}. Lasciaci un
                  messaggio e ti rispondiamo appena rientriamo, oppure{" "}
                  <Link to={CONSULTATION_PATH} onClick={onClose}>
                    prenota una consulenza gratuita
                  </Link>{" "}
                  con il nostro team.
                </p>
              )}
              <p className={styles.hours}>
                Orari: {SUPPORT_HOURS_TEXT}. Se sei in pericolo, chiama il <a href="tel:112">112</a>.
              </p>
              {!messages.length && !thread.isLoading ? (
                <p className={styles.empty}>
                  Raccontaci in poche parole di cosa hai bisogno: non serve un account e non servono i tuoi
                  dati.
                </p>
              ) : null}
            </>
          }
        />
        <ConnectionNote className={styles.offline} />
      </div>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <SupportTextField
          label="Il tuo messaggio"
          rows={2}
          onInput={typing}
          value={text}
          {...field("text")}
        />
        {!signedIn && !thread.data?.email ? (
          // Open when the address given is wrong, so its message shows.
          <details className={styles.emailChoice} open={Boolean(field("email").error) || undefined}>
            <summary>Vuoi una risposta anche per e-mail?</summary>
            <EmailField label="La tua e-mail (facoltativa)" {...field("email")} />
          </details>
        ) : null}
        <SendError error={submit.error} issuesPlaced={issuesPlaced} />
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          disabled={submit.isPending}
        >
          {waiting !== null ? "In attesa della connessione…" : submit.isPending ? "Invio in corso…" : "Invia"}
        </button>
      </form>
    </section>
  );
}
