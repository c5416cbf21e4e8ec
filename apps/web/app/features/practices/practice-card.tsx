import { CRIME_TYPE } from "@argine/core/feedback/crime-type";
import { EVALUATION } from "@argine/core/feedback/evaluation";
import { casePath } from "@argine/core/practices/case-path";
import { URGENT_BADGE } from "@argine/core/practices/human-review";
import { PRACTICE_STATUS } from "@argine/core/practices/practice-status";
import type { PracticeSummary } from "@argine/core/practices/practices-api";
import { withDayArticle } from "@argine/core/shared/italian-grammar";
import { MESSAGES } from "@argine/core/shared/messages";
import { Link } from "react-router";
import { formatDay, formatShortDay } from "../../shared/ui/dates.ts";
import styles from "./practices.module.css";

/** The status badge; a status the app does not know reads 'Errore Stato Non previsto' (spec §4). */
export function StatusBadge({ status }: { status: string }) {
  if (!PRACTICE_STATUS.is(status))
    return <span className={styles.badgeError}>{MESSAGES.unexpectedState}</span>;
  return (
    <span className={`${styles.badge} ${styles[`status${status}`] ?? ""}`}>
      <span className="visually-hidden">Stato: </span>
      {PRACTICE_STATUS.label(status)}
    </span>
  );
}

/** "Presa in carico da Avv. Marco Rinaldi il 24/11/2026", or null while nobody has taken the case. */
export function assignmentText(
  practice: Pick<PracticeSummary, "assignedLawyer" | "assignedAt">,
): string | null {
  const lawyer = practice.assignedLawyer;
  return lawyer
    ? `Presa in carico da Avv. ${lawyer.name} ${lawyer.lastname} ${withDayArticle("il", formatShortDay(practice.assignedAt))}`
    : null;
}

/** Staff's mark on a case a person must look at first and nobody has taken (ADR 011). */
export function UrgentBadge() {
  return <span className={`${styles.badge} ${styles.urgentBadge}`}>{URGENT_BADGE}</span>;
}

/**
 * A practice in a list (spec §2 "Practice card"). Staff see the client (or that the practice is anonymous);
 * cards shown to a lawyer get a visible border and shadow (spec §6), an urgent one its badge and a mark of
 * its own, and who took it in charge or that the client waits for an answer.
 */
export function PracticeCard({
  practice,
  staff,
  headingLevel = 3,
  unread = practice.unreadComments,
}: {
  practice: PracticeSummary;
  staff: boolean;
  /** Under the page's section headings: h3 in a list, h4 in the lawyer's queue. */
  headingLevel?: 3 | 4;
  /** The reader's unread messages, when read after the list (useUnreadCounts); the list's own otherwise. */
  unread?: number;
}) {
  const Heading = headingLevel === 4 ? "h4" : "h3";
  const client = practice.client ? `${practice.client.name} ${practice.client.lastname}` : null;
  const urgent = staff && practice.urgent;
  const assignment = staff ? assignmentText(practice) : null;
  return (
    <article className={`${styles.card} ${staff ? styles.staffCard : ""} ${urgent ? styles.urgentCard : ""}`}>
      <div className={styles.cardHead}>
        <Heading className={styles.cardTitle}>
          <Link to={casePath(practice.ticketCode)} className={styles.cardLink}>
            Pratica {practice.ticketCode}
          </Link>
        </Heading>
        <span className={styles.badges}>
          {urgent ? <UrgentBadge /> : null}
          <StatusBadge status={practice.status} />
          {unread ? (
            <span className={`${styles.badge} ${styles.unreadBadge}`}>
              {unread === 1 ? "1 messaggio nuovo" : `${unread} messaggi nuovi`}
            </span>
          ) : null}
        </span>
      </div>
      <dl className={styles.facts}>
        {staff ? (
          <div>
            <dt>Cliente</dt>
            <dd>{practice.anonymous ? "Pratica anonima" : (client ?? "Non ancora registrato")}</dd>
          </div>
        ) : null}
        <div>
          <dt>Reato</dt>
          <dd>{practice.crimeType ? CRIME_TYPE.label(practice.crimeType) : "—"}</dd>
        </div>
        <div>
          <dt>Valutazione</dt>
          <dd>{practice.evaluation ? EVALUATION.label(practice.evaluation) : "—"}</dd>
        </div>
        <div>
          <dt>Aperta il</dt>
          <dd>{formatDay(practice.createdAt)}</dd>
        </div>
        <div>
          <dt>Scadenza</dt>
          <dd>{formatDay(practice.expiryDate)}</dd>
        </div>
      </dl>
      {staff ? (
        <p className={styles.cardNote}>
          {assignment ?? "Non ancora presa in carico"}
          {practice.awaitingReplySince && practice.status !== "CLOSED"
            ? ` · Il cliente attende una risposta ${withDayArticle("dal", formatShortDay(practice.awaitingReplySince))}`
            : ""}
        </p>
      ) : null}
    </article>
  );
}
