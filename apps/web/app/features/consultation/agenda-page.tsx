import type { StaffConsultation } from "@argine/core/consultation/consultation-api";
import { CONSULTATION_MESSAGES } from "@argine/core/consultation/consultation-messages";
import {
  CONSULTATION_KIND,
  CONSULTATION_STATUS,
  type ConsultationOutcome,
} from "@argine/core/consultation/consultation-terms";
import { casePath } from "@argine/core/practices/case-path";
import { canWorkCases } from "@argine/core/practices/policy";
import { addDays, isIsoDate } from "@argine/core/shared/calendar";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { StatusRegion } from "../../shared/ui/form-field.tsx";
import { StaffOnly } from "../../shared/ui/staff-only.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import styles from "./agenda.module.css";
import { AvailabilityEditor } from "./availability-editor.tsx";
import {
  daysOf,
  longDay,
  longDayWithYear,
  periodText,
  romeTime,
  romeToday,
  weekStart,
} from "./consultation-format.ts";
import { agendaQueryOptions, useSetOutcome } from "./consultation-queries.ts";
import { VideoLinkForm } from "./video-link-form.tsx";

// /dashboard/consultations, "Consulenze" (ADR 031): the staff's agenda of free consultations by day or by week
// (the view and the day in the address, so Back and a shared link keep them), what happened marked once a
// consultation started, and the team's hours below.

export type AgendaView = "giorno" | "settimana";

/** The period an agenda view shows around a day: the day itself, or its week from Monday to Sunday. */
export function agendaPeriod(view: AgendaView, day: string): { from: string; to: string } {
  if (view === "giorno") return { from: day, to: day };
  const from = weekStart(day);
  return { from, to: addDays(from, 6) };
}

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

export function ConsultationAgendaPage() {
  const user = useCurrentUser();
  if (!canWorkCases(user?.roles)) {
    return <StaffOnly titleClassName={styles.title} />;
  }
  return (
    <>
      <h1 className={styles.title}>Consulenze</h1>
      <p className={styles.intro}>
        Le consulenze gratuite prenotate dal sito, giorno per giorno, con i contatti di chi le ha chieste.
        Dopo l'orario d'inizio segna com'è andata; più sotto trovi gli orari in cui il team offre le
        consulenze.
      </p>
      <Agenda />
      <AvailabilityEditor />
    </>
  );
}

function Agenda() {
  const [params, setParams] = useSearchParams();
  const today = romeToday();
  const view: AgendaView = params.get("vista") === "giorno" ? "giorno" : "settimana";
  const asked = params.get("giorno") ?? "";
  const day = isIsoDate(asked) ? asked : today;
  const { from, to } = agendaPeriod(view, day);
  const agenda = useQuery(agendaQueryOptions(from, to));
  const [done, setDone] = useState("");
  const go = (next: { view?: AgendaView; day?: string }) => {
    setDone("");
    setParams({ vista: next.view ?? view, giorno: next.day ?? day }, { preventScrollReset: true });
  };
  const step = view === "giorno" ? 1 : 7;
  const unit = view === "giorno" ? "Giorno" : "Settimana";
  const bookings = agenda.data?.data ?? [];
  const now = Date.now();
  const periodTitle = view === "giorno" ? longDayWithYear(from) : `Settimana ${periodText(from, to)}`;

  return (
    <TitledSection title="Agenda" className={styles.section} titleClassName={styles.sectionTitle}>
      <div className={styles.toolbar}>
        <fieldset className={styles.toggle}>
          <legend className="visually-hidden">Vista dell'agenda</legend>
          {(["giorno", "settimana"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              className={styles.toggleButton}
              onClick={() => go({ view: option })}
            >
              {option === "giorno" ? "Giorno" : "Settimana"}
            </button>
          ))}
        </fieldset>
        <div className={styles.moves}>
          <button type="button" className={SECONDARY} onClick={() => go({ day: addDays(day, -step) })}>
            <span aria-hidden="true">‹</span>{" "}
            {unit === "Giorno" ? "Giorno precedente" : "Settimana precedente"}
          </button>
          <button
            type="button"
            className={SECONDARY}
            disabled={day === today}
            onClick={() => go({ day: today })}
          >
            Oggi
          </button>
          <button type="button" className={SECONDARY} onClick={() => go({ day: addDays(day, step) })}>
            {unit === "Giorno" ? "Giorno successivo" : "Settimana successiva"}{" "}
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <h3 className={styles.period} aria-live="polite">
        {periodTitle}
      </h3>
      <StatusRegion>{done ? <p className={styles.done}>{done}</p> : null}</StatusRegion>
      {agenda.isError ? (
        <p role="alert" className={formStyles.alert}>
          Non riusciamo a caricare l'agenda. Riprova fra qualche istante.
        </p>
      ) : null}
      <div aria-busy={agenda.isFetching}>
        {!agenda.data ? (
          agenda.isPending ? (
            <p className={styles.note}>Caricamento…</p>
          ) : null
        ) : (
          daysOf(from, to).map((date) => {
            const ofDay = bookings.filter((booking) => booking.date === date);
            return (
              <section key={date} className={styles.day} aria-labelledby={`agenda-${date}`}>
                {view === "settimana" ? (
                  <h4 id={`agenda-${date}`} className={styles.dayTitle}>
                    {longDay(date)}
                    {date === today ? <span className={styles.todayTag}> · oggi</span> : null}
                  </h4>
                ) : (
                  <h4 id={`agenda-${date}`} className="visually-hidden">
                    {longDay(date)}
                  </h4>
                )}
                {ofDay.length === 0 ? (
                  <p className={styles.empty}>Nessuna consulenza.</p>
                ) : (
                  <ul className={styles.list}>
                    {ofDay.map((booking) => (
                      <li key={booking.id}>
                        <Booking booking={booking} now={now} onDone={setDone} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            );
          })
        )}
      </div>
    </TitledSection>
  );
}

const OUTCOME_DONE: Record<ConsultationOutcome, string> = {
  done: "segnata come svolta",
  missed: "segnata come mancata: la persona non si è presentata",
};

function Booking({
  booking,
  now,
  onDone,
}: {
  booking: StaffConsultation;
  now: number;
  onDone: (message: string) => void;
}) {
  const started = Date.parse(booking.startsAt) <= now;
  const outcome = useSetOutcome({
    onSuccess: (_, { outcome: chosen }) =>
      onDone(`La consulenza delle ${booking.time} con ${booking.name} è ${OUTCOME_DONE[chosen]}.`),
  });
  const mark = (chosen: ConsultationOutcome) => outcome.mutate({ id: booking.id, outcome: chosen });
  const cancelled = booking.status === "cancelled";
  // A request never confirmed holds no slot and takes no outcome.
  const held = !cancelled && booking.status !== "requested";
  return (
    <article className={cancelled ? `${styles.item} ${styles.cancelled}` : styles.item}>
      <h5 className={styles.itemTitle}>
        <span>
          {booking.time}–{romeTime(booking.endsAt)}
        </span>{" "}
        <span className={styles.itemName}>{booking.name}</span>
      </h5>
      <dl className={styles.facts}>
        <div>
          <dt>Stato</dt>
          <dd>
            <span className={`${styles.status} ${styles[`status-${booking.status}`] ?? ""}`}>
              {CONSULTATION_STATUS.label(booking.status)}
            </span>
          </dd>
        </div>
        <div>
          <dt>Modalità</dt>
          <dd>{CONSULTATION_KIND.label(booking.kind)}</dd>
        </div>
        <div>
          <dt>Telefono</dt>
          <dd>{booking.phone ? <a href={`tel:${booking.phone}`}>{booking.phone}</a> : "Non indicato"}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd className={styles.email}>
            <a href={`mailto:${booking.email}`}>{booking.email}</a>
          </dd>
        </div>
        <div>
          <dt>Chi</dt>
          <dd>{booking.byClient ? "Cliente con account" : CONSULTATION_MESSAGES.visitor}</dd>
        </div>
        {booking.practiceTicketCode ? (
          <div>
            <dt>Pratica</dt>
            <dd>
              <Link to={casePath(booking.practiceTicketCode)}>Pratica {booking.practiceTicketCode}</Link>
            </dd>
          </div>
        ) : null}
      </dl>
      {booking.status === "booked" && booking.kind === "video" && Date.parse(booking.endsAt) > now ? (
        <VideoLinkForm booking={booking} />
      ) : null}
      {started && held ? (
        <div className={styles.outcomes}>
          {booking.status === "booked" ? (
            <>
              <OutcomeButton
                label="Svolta"
                busy={outcome.isPending}
                onClick={() => mark("done")}
                who={booking}
              />
              <OutcomeButton
                label="Non si è presentato"
                busy={outcome.isPending}
                onClick={() => mark("missed")}
                who={booking}
              />
            </>
          ) : (
            <OutcomeButton
              label={booking.status === "done" ? "Correggi: non si è presentato" : "Correggi: svolta"}
              busy={outcome.isPending}
              onClick={() => mark(booking.status === "done" ? "missed" : "done")}
              who={booking}
              quiet
            />
          )}
        </div>
      ) : null}
    </article>
  );
}

function OutcomeButton({
  label,
  busy,
  onClick,
  who,
  quiet = false,
}: {
  label: string;
  busy: boolean;
  onClick: () => void;
  who: StaffConsultation;
  quiet?: boolean;
}) {
  return (
    <button type="button" className={quiet ? buttonStyles.link : SECONDARY} disabled={busy} onClick={onClick}>
      {label}
      <span className="visually-hidden">
        {" "}
        (consulenza delle {who.time} con {who.name})
      </span>
    </button>
  );
}
