import { casePath } from "@argine/core/practices/case-path";
import { crimeTypeLabel } from "@argine/core/practices/crime-type";
import { evaluationLabel } from "@argine/core/practices/evaluation";
import { isPracticeStatus, practiceStatusLabel } from "@argine/core/practices/practice-status";
import type { PracticeSummary } from "@argine/core/practices/practices-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { Link } from "react-router";
import { formatDay } from "../ui/dates.ts";
import styles from "./practices.module.css";

/** The status badge; a status the app does not know reads 'Errore Stato Non previsto' (spec §4). */
export function StatusBadge({ status }: { status: string }) {
  if (!isPracticeStatus(status)) return <span className={styles.badgeError}>{MESSAGES.unexpectedState}</span>;
  return (
    <span className={`${styles.badge} ${styles[`status${status}`] ?? ""}`}>
      <span className="visually-hidden">Stato: </span>
      {practiceStatusLabel(status)}
    </span>
  );
}

/**
 * A practice in a list (spec §2 "Practice card"). Staff see the client (or that the practice is anonymous);
 * cards shown to a lawyer get a visible border and shadow (spec §6).
 */
export function PracticeCard({ practice, staff }: { practice: PracticeSummary; staff: boolean }) {
  const client = practice.client ? `${practice.client.name} ${practice.client.lastname}` : null;
  return (
    <article className={`${styles.card} ${staff ? styles.staffCard : ""}`}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          <Link to={casePath(practice.ticketCode)} className={styles.cardLink}>
            Pratica {practice.ticketCode}
          </Link>
        </h3>
        <StatusBadge status={practice.status} />
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
          <dd>{practice.crimeType ? crimeTypeLabel(practice.crimeType) : "—"}</dd>
        </div>
        <div>
          <dt>Valutazione</dt>
          <dd>{practice.evaluation ? evaluationLabel(practice.evaluation) : "—"}</dd>
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
    </article>
  );
}
