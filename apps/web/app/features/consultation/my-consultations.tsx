import type { ClientConsultation } from "@argine/core/consultation/consultation-api";
import { isOpen } from "@argine/core/consultation/lifecycle";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { Link } from "react-router";
import { CONSULTATION_PATH } from "../../shared/navigation/navigation.ts";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import styles from "./consultation.module.css";
import { ConsultationFactRows, VideoLink } from "./consultation-facts.tsx";
import { romeTime, slotText } from "./consultation-format.ts";
import { myConsultationsQueryOptions } from "./consultation-queries.ts";

// The free consultations in the client's area (ADR 031's amendment): those booked from her account, on the
// overview and, attached to it, on a practice's page; each with its state, the video link once staff sent
// it, and the manage page (the mail's link) to confirm, move or cancel it, so losing the mail loses nothing.
// `Section` is the page's own section frame (the page gives it: this feature imports neither dashboard nor
// practices).

export function MyConsultations({
  practiceId,
  Section,
}: {
  /** Only those attached to this practice (its page); all of hers without it (the overview). */
  practiceId?: string;
  Section: ComponentType<{ title: ReactNode; children: ReactNode }>;
}) {
  const mine = useQuery(myConsultationsQueryOptions());
  const title = practiceId ? "Consulenze gratuite per questa pratica" : "Le tue consulenze gratuite";
  if (mine.isPending) return null;
  if (mine.isError)
    return (
      <Section title={title}>
        <FormMessage tone="error">
          <p>Non riusciamo a leggere le tue consulenze in questo momento: riprova tra poco.</p>
        </FormMessage>
      </Section>
    );
  const rows = mine.data.data.filter((row) => !practiceId || row.practiceId === practiceId);
  const upcoming = rows.filter((row) => isOpen(row.status) && Date.parse(row.endsAt) > Date.now());
  const past = rows.filter((row) => !upcoming.includes(row));
  return (
    <Section title={title}>
      {upcoming.length === 0 ? (
        <p>
          {practiceId
            ? "Non hai consulenze in programma per questa pratica."
            : "Non hai consulenze in programma."}{" "}
          Un avvocato del team ti ascolta gratis per 30 minuti, in videochiamata o al telefono.
        </p>
      ) : (
        <ul className={styles.mineList}>
          {upcoming.map((row) => (
            <li key={row.id}>
              <ConsultationItem consultation={row} />
            </li>
          ))}
        </ul>
      )}
      {past.length > 0 ? (
        <details className={styles.minePast}>
          <summary>Consulenze passate o annullate ({past.length})</summary>
          <ul className={styles.mineList}>
            {past.map((row) => (
              <li key={row.id}>
                <ConsultationItem consultation={row} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p>
        <Link to={CONSULTATION_PATH}>
          {upcoming.length === 0 ? "Prenota la consulenza gratuita" : "Prenota un'altra consulenza gratuita"}
        </Link>
      </p>
    </Section>
  );
}

function ConsultationItem({ consultation }: { consultation: ClientConsultation }) {
  const open = isOpen(consultation.status) && Date.parse(consultation.endsAt) > Date.now();
  return (
    <article className={styles.mineItem} aria-label={`Consulenza di ${slotText(consultation)}`}>
      <p className={styles.mineWhen}>
        <strong>{slotText(consultation)}</strong>–{romeTime(consultation.endsAt)}
      </p>
      <dl className={styles.facts}>
        <ConsultationFactRows consultation={consultation} />
        {open && consultation.kind === "video" ? (
          <>
            <dt>Link</dt>
            <dd>
              {consultation.videoUrl ? (
                <VideoLink url={consultation.videoUrl} />
              ) : (
                "Te lo mandiamo prima dell'appuntamento"
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {open && consultation.changeable && !consultation.managePath ? (
        <p>Per confermarla usa il link nell'email che abbiamo inviato all'indirizzo indicato.</p>
      ) : null}
      {open && consultation.changeable && consultation.managePath ? (
        <p>
          <Link to={consultation.managePath}>
            {consultation.status === "requested" ? "Conferma, sposta o annulla" : "Sposta o annulla"}
            <span className="visually-hidden"> la consulenza di {slotText(consultation)}</span>
          </Link>
        </p>
      ) : null}
    </article>
  );
}
