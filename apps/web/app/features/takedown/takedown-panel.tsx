import { casePath, ticketCodeOf } from "@argine/core/practices/case-path";
import { withDayArticle } from "@argine/core/shared/italian-grammar";
import { isoToLocalMoment, localMomentToIso } from "@argine/core/shared/local-moment";
import { TAKEDOWN_ANSWERS, TAKEDOWN_NOTICE_STATUS } from "@argine/core/takedown/notice";
import {
  type TakedownNotice,
  type TakedownRecordBody,
  type TakedownRecordForm,
  TakedownRecordFormSchema,
} from "@argine/core/takedown/takedown-api";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { useDownload } from "../../shared/http/download.ts";
import { prefilledUrls } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatMoment } from "../../shared/ui/dates.ts";
import { ExternalLink } from "../../shared/ui/external-link.tsx";
import formStyles from "../../shared/ui/form.module.css";
import {
  FormEnd,
  FormMessage,
  ItalianDateField,
  SelectField,
  SendError,
  StatusRegion,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import styles from "./takedown.module.css";
import { TakedownAdvice, TakedownForm } from "./takedown-form.tsx";
import {
  downloadNoticePdf,
  noticesQueryOptions,
  useRecordNotice,
  useSubmitUrls,
} from "./takedown-queries.ts";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * The takedown on its service card (ADR 021): before the links are sent, the evidence advice and the form
 * (the client's); after, each link with its state, its DSA notice as PDF and as text, the platform's
 * reporting page; staff record per link what was sent and the platform's answer.
 */
export function TakedownPanel({
  serviceId,
  staff,
  open,
  onChanged,
}: {
  serviceId: string;
  staff: boolean;
  /** The client may still send links: the service is not cancelled and the practice not closed. */
  open: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const location = useLocation();
  const ticketCode = ticketCodeOf(location.pathname) ?? "";
  const navigate = useNavigate();
  const submitUrls = useSubmitUrls(serviceId, SENT_BY_FORM);
  const notices = useQuery(noticesQueryOptions(serviceId));
  if (notices.isPending) return <p>Caricamento dei link…</p>;
  if (notices.isError) return <FormMessage tone="error">{notices.error.message}</FormMessage>;
  const list = notices.data.notices;
  if (!list.length) {
    if (staff) return <p>Il cliente non ha ancora indicato i link da rimuovere.</p>;
    if (!open) return null;
    return (
      <section className={styles.panel} aria-labelledby={`takedown-${serviceId}`}>
        <h4 id={`takedown-${serviceId}`} className={styles.title}>
          I link da rimuovere
        </h4>
        <TakedownAdvice />
        <TakedownForm
          // The links of a diary's episode, handed over in the navigation's state (issue 40).
          prefilled={prefilledUrls(location.state)}
          onSubmit={async (urls) => {
            await submitUrls.mutateAsync(urls);
            await onChanged();
            await navigate(casePath(ticketCode, "service/takedown/success"));
          }}
        />
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby={`takedown-${serviceId}`}>
      <h4 id={`takedown-${serviceId}`} className={styles.title}>
        I link da rimuovere
      </h4>
      <ol className={styles.list}>
        {list.map((notice) => (
          <NoticeItem
            key={notice.noticeId}
            serviceId={serviceId}
            ticketCode={ticketCode}
            notice={notice}
            staff={staff}
          />
        ))}
      </ol>
    </section>
  );
}

function NoticeItem({
  serviceId,
  ticketCode,
  notice,
  staff,
}: {
  serviceId: string;
  ticketCode: string;
  notice: TakedownNotice;
  staff: boolean;
}) {
  const [copied, setCopied] = useState<string | null>(null);
  const pdf = useDownload(() => downloadNoticePdf(serviceId, notice.noticeId, ticketCode, notice.position));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(notice.text);
      setCopied("Testo copiato: incollalo nel modulo della piattaforma.");
    } catch {
      setCopied("Non è stato possibile copiare il testo: scarica la segnalazione in PDF.");
    }
  };
  return (
    <li className={styles.item}>
      <p className={styles.url}>{notice.url}</p>
      <p>
        Stato: <strong>{TAKEDOWN_NOTICE_STATUS.label(notice.status)}</strong>
        {notice.platform ? ` · ${notice.platform.name}` : null}
      </p>
      <p className={styles.dates}>
        Ricevuto il {formatMoment(notice.createdAt)}
        {notice.sentAt
          ? ` · segnalazione inviata ${withDayArticle("il", formatMoment(notice.sentAt))}`
          : null}
        {notice.answeredAt ? ` · risposta ${withDayArticle("il", formatMoment(notice.answeredAt))}` : null}
      </p>
      <div className={styles.actions}>
        <button type="button" className={SECONDARY} disabled={pdf.isPending} onClick={() => pdf.mutate()}>
          Scarica la segnalazione (PDF)
        </button>
        <button type="button" className={SECONDARY} onClick={copy}>
          Copia il testo
        </button>
        {notice.platform ? (
          <ExternalLink href={reportHref(notice.platform.reportTo)}>
            Pagina per le segnalazioni di {notice.platform.name}
          </ExternalLink>
        ) : null}
        {/* The table's addresses are checked by hand before production (core takedown/platforms.ts). */}
        {staff && notice.platform && !notice.platform.reviewed ? (
          <span className={styles.dates}>(indirizzo non ancora verificato)</span>
        ) : null}
      </div>
      <StatusRegion>
        {copied ? <FormMessage tone="success">{copied}</FormMessage> : null}
        {pdf.error ? (
          <FormMessage tone="error">La segnalazione non è stata scaricata: {pdf.error.message}</FormMessage>
        ) : null}
      </StatusRegion>
      {staff ? <RecordForm serviceId={serviceId} notice={notice} /> : null}
    </li>
  );
}

/** A reporting address is a page or an email address. */
const reportHref = (reportTo: string) => (reportTo.includes("@") ? `mailto:${reportTo}` : reportTo);

const ANSWER_OPTIONS = [
  { value: "", label: "Nessuna risposta per ora" },
  ...TAKEDOWN_ANSWERS.map((answer) => ({ value: answer, label: TAKEDOWN_NOTICE_STATUS.label(answer) })),
];

/** Staff: where and when the notice was sent and, once known, the platform's answer. */
function RecordForm({ serviceId, notice }: { serviceId: string; notice: TakedownNotice }) {
  const recordNotice = useRecordNotice(serviceId, SENT_BY_FORM);
  const answer = (TAKEDOWN_ANSWERS as readonly string[]).includes(notice.status) ? notice.status : "";
  // The moment recorded so far, else now; left as shown it is not sent, so the API keeps the recorded one
  // to the second (or takes its own now) rather than the minute the field holds.
  const [shownSentAt] = useState(() => isoToLocalMoment(notice.sentAt ?? new Date()));
  const form = useCheckedForm({
    resolver: schemaResolver<TakedownRecordForm, TakedownRecordBody>(TakedownRecordFormSchema),
    defaultValues: {
      sentVia: notice.sentVia ?? notice.platform?.reportTo ?? "",
      sentAt: shownSentAt,
      answer: answer as TakedownRecordForm["answer"],
      note: notice.staffNote ?? "",
    },
    fieldNames: ["sentVia", "sentAt", "answer", "note"],
    focusOnInvalid: "field",
    send: ({ sentAt, ...body }) =>
      recordNotice.mutateAsync({
        noticeId: notice.noticeId,
        body: sentAt === localMomentToIso(shownSentAt) ? body : { ...body, sentAt },
      }),
  });
  const id = `record-${notice.noticeId}`;
  return (
    <form
      className={`${formStyles.form} ${styles.record}`}
      noValidate
      onSubmit={form.onSubmit}
      aria-labelledby={id}
    >
      <p id={id} className={styles.recordTitle}>
        Registro dell'invio (link {notice.position})
      </p>
      <SendError error={form.submit.error} issuesPlaced={form.issuesPlaced} />
      <TextField label="Inviata tramite" required {...form.field("sentVia")} />
      <ItalianDateField label="Inviata il" withTime required {...form.field("sentAt")} />
      <SelectField label="Risposta della piattaforma" options={ANSWER_OPTIONS} {...form.field("answer")} />
      <TextField label="Nota per il team (facoltativa)" {...form.field("note")} />
      <FormEnd form={form} label="Registra" savedMessage="Registrato." />
    </form>
  );
}
