import { AUTH_ROUTES } from "@argine/core/identity/auth-routes";
import { type CallResponse, callPath } from "@argine/core/shared/api-contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { config } from "../../config.ts";
import { call } from "../../shared/http/call.ts";
import { errorCode } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatMoment } from "../../shared/ui/dates.ts";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { linkify } from "./mail-text.tsx";
import styles from "./mailbox-page.module.css";

// /dev/mailbox?key=…: the demo outbox read as a mailbox (GET /v1/dev/mailbox, demo mode only), so the
// verification and reset links can be followed without a real mail server. The key comes from the link
// the server prints at start and is passed on to the API, which answers 404 without it. Texts only: the
// HTML bodies are never rendered here.

export type MailboxMessage = CallResponse<typeof AUTH_ROUTES.devMailbox>[number];

/** An attachment's address (a consultation's .ics): a plain link, the mailbox's key in its query. */
export function attachmentHref(key: string, messageId: string, index: number): string {
  const path = callPath(AUTH_ROUTES.devMailboxAttachment, { id: messageId, index });
  return `${config.apiBaseUrl}${path}?key=${encodeURIComponent(key)}`;
}

/** "812 byte", "1,4 kB". */
function sizeText(size: number): string {
  return size < 1024 ? `${size} byte` : `${(size / 1024).toFixed(1).replace(".", ",")} kB`;
}

export function MailboxPage() {
  const key = useSearchParams()[0].get("key") ?? "";
  const mailbox = useQuery({
    queryKey: ["dev", "mailbox", key],
    queryFn: ({ signal }) => call(AUTH_ROUTES.devMailbox, { auth: false, signal, query: { key } }),
    enabled: key !== "",
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: true,
    meta: { hideError: true, hideSpinner: true },
  });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const messages = mailbox.data ?? [];
  const selected = messages.find((message) => message.id === selectedId) ?? null;

  return (
    <TitledSection
      title="Casella email di prova"
      level={1}
      className={styles.page}
      titleClassName={styles.title}
    >
      <p className={styles.intro}>
        In modalità demo le email non partono davvero: le trovi qui, dalla più recente. Apri un messaggio per
        seguire i link di conferma o di recupero della password.
      </p>

      {key === "" ? (
        <FormMessage tone="info">
          <p>
            Per aprire la casella usa il link completo che il server stampa all'avvio (termina con ?key=…): la
            chiave protegge le email di tutti gli account e cambia a ogni avvio.
          </p>
        </FormMessage>
      ) : mailbox.isError ? (
        errorCode(mailbox.error) === "NOT_FOUND" ? (
          <FormMessage tone="info">
            <p>
              La casella di prova non è disponibile: la chiave del link non è valida (cambia a ogni avvio del
              server), oppure il server non è in modalità demo e le email vengono inviate davvero agli
              indirizzi dei destinatari.
            </p>
          </FormMessage>
        ) : (
          <FormMessage tone="error">
            <p>Non siamo riusciti a leggere la casella: {mailbox.error.message}</p>
          </FormMessage>
        )
      ) : null}

      {key === "" || (mailbox.isError && errorCode(mailbox.error) === "NOT_FOUND") ? null : (
        <div className={styles.toolbar}>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            disabled={mailbox.isFetching}
            onClick={() => void mailbox.refetch()}
          >
            {mailbox.isFetching ? "Aggiornamento…" : "Aggiorna"}
          </button>
          <p role="status" className={styles.empty}>
            {mailbox.isPending
              ? "Caricamento…"
              : mailbox.data
                ? messages.length === 1
                  ? "1 messaggio"
                  : `${messages.length} messaggi`
                : ""}
          </p>
        </div>
      )}

      {messages.length > 0 ? (
        <div className={styles.layout}>
          <ul className={styles.list} aria-label="Messaggi">
            {messages.map((message) => (
              <li key={message.id}>
                <button
                  type="button"
                  className={styles.item}
                  aria-current={message.id === selectedId ? "true" : undefined}
                  onClick={() => setSelectedId(message.id)}
                >
                  <span className={styles.subject}>{message.subject}</span>
                  <span className={styles.meta}>A: {message.to}</span>
                  <span className={styles.meta}>{formatMoment(message.createdAt)}</span>
                  {message.attachments.length > 0 ? (
                    <span className={styles.meta}>
                      {message.attachments.length === 1
                        ? "1 allegato"
                        : `${message.attachments.length} allegati`}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
          {selected ? (
            <MessageView key={selected.id} message={selected} mailboxKey={key} />
          ) : (
            <p className={styles.empty}>Scegli un messaggio dall'elenco per leggerlo.</p>
          )}
        </div>
      ) : null}
    </TitledSection>
  );
}

function MessageView({ message, mailboxKey }: { message: MailboxMessage; mailboxKey: string }) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  return (
    <article className={styles.message} aria-labelledby={`message-${message.id}`}>
      <h2 id={`message-${message.id}`} ref={titleRef} tabIndex={-1} className={styles.messageTitle}>
        {message.subject}
      </h2>
      <p className={styles.meta}>
        A: {message.to} · {formatMoment(message.createdAt)}
      </p>
      <div className={styles.body}>{linkify(message.text)}</div>
      {message.attachments.length > 0 ? (
        <section className={styles.attachments} aria-labelledby={`attachments-${message.id}`}>
          <h3 id={`attachments-${message.id}`} className={styles.attachmentsTitle}>
            Allegati
          </h3>
          <ul className={styles.attachmentList}>
            {message.attachments.map((attachment, index) => {
              // The position is the attachment's name in the API: its address is its key here.
              const href = attachmentHref(mailboxKey, message.id, index);
              return (
                <li key={href}>
                  <a href={href} download={attachment.filename}>
                    Scarica {attachment.filename}
                  </a>{" "}
                  <span className={styles.meta}>({sizeText(attachment.size)})</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
