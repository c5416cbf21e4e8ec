import {
  AVAILABILITY_MAX_EXCEPTIONS,
  AVAILABILITY_MAX_RANGES_PER_DAY,
  AVAILABILITY_MAX_WEEKLY_RANGES,
  type Availability,
  AvailabilitySchema,
} from "@argine/core/consultation/consultation-api";
import type { Weekday } from "@argine/core/consultation/slots";
import { WEEKDAY_LABELS } from "@argine/core/shared/calendar";
import { useQuery } from "@tanstack/react-query";
import type { MouseEvent, ReactNode } from "react";
import { type Control, type Path, useFieldArray } from "react-hook-form";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import {
  type FieldBinding,
  FormEnd,
  FormMessage,
  ItalianDateField,
  SendError,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import styles from "./agenda.module.css";
import { longDay } from "./consultation-format.ts";
import { availabilityQueryOptions, useSetAvailability } from "./consultation-queries.ts";

// "Orari delle consulenze": the team's hours, Europe/Rome wall-clock times. Each weekday holds any number of
// ranges (09:00–13:00, 14:30–18:00); a day with hours of its own (a holiday closed, a Saturday morning open)
// is an exception by date: no range means closed that day. Saved whole through the API, which checks the
// same rules (core AvailabilitySchema) and answers with what it stored.

const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];
const LINK = buttonStyles.link;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

type Values = Availability;

/**
 * The editor's buttons leave the focus in the field being typed in until their click: otherwise that field's
 * check on blur (an empty new day, a half-typed time) shows its message first, the button moves from under
 * the pointer, and the first click lands nowhere. The keyboard is unaffected: Tab checks the field, then
 * Enter presses the button.
 */
const keepFocusWhilePressed = (event: MouseEvent) => event.preventDefault();

/** Every path the API's issues may name (the most ranges and exceptions the schema allows). */
const FIELD_NAMES: readonly Path<Values>[] = (() => {
  const names: string[] = [];
  for (let i = 0; i < AVAILABILITY_MAX_WEEKLY_RANGES; i++)
    names.push(`weekly.${i}.weekday`, `weekly.${i}.from`, `weekly.${i}.to`);
  for (let i = 0; i < AVAILABILITY_MAX_EXCEPTIONS; i++) {
    names.push(`exceptions.${i}.date`);
    for (let j = 0; j < AVAILABILITY_MAX_RANGES_PER_DAY; j++)
      names.push(`exceptions.${i}.ranges.${j}.from`, `exceptions.${i}.ranges.${j}.to`);
  }
  return names as Path<Values>[];
})();

/** The week's ranges by weekday, then by start; the exceptions by date (empty dates, new ones, last). */
function tidy(availability: Availability): Availability {
  return {
    weekly: [...availability.weekly].sort((a, b) => a.weekday - b.weekday || a.from.localeCompare(b.from)),
    exceptions: [...availability.exceptions]
      .map((exception) => ({
        ...exception,
        ranges: [...exception.ranges].sort((a, b) => a.from.localeCompare(b.from)),
      }))
      .sort((a, b) => (a.date || "9999").localeCompare(b.date || "9999")),
  };
}

export function AvailabilityEditor() {
  const availability = useQuery(availabilityQueryOptions());
  return (
    <TitledSection
      title="Orari delle consulenze"
      className={styles.section}
      titleClassName={styles.sectionTitle}
    >
      <p className={styles.intro}>
        Le fasce in cui chiunque può prenotare una consulenza di 30 minuti, in ora italiana (anche dopo il
        cambio dell'ora). Scrivi gli orari come 09:30. Un giorno con orari speciali vale al posto della sua
        settimana: senza fasce, quel giorno è chiuso. Le festività nazionali sono chiuse: per aprirne una,
        aggiungila fra i giorni con orari speciali con le sue fasce.
      </p>
      {availability.isError ? (
        <p role="alert" className={formStyles.alert}>
          Non riusciamo a caricare gli orari. Riprova fra qualche istante.
        </p>
      ) : availability.data ? (
        <Editor initial={tidy(availability.data)} />
      ) : (
        <p className={styles.note}>Caricamento…</p>
      )}
    </TitledSection>
  );
}

function useAvailabilityForm(initial: Availability) {
  const save = useSetAvailability(SENT_BY_FORM);
  const checked = useCheckedForm<Values, Availability, Availability>({
    resolver: schemaResolver(AvailabilitySchema),
    defaultValues: initial,
    fieldNames: FIELD_NAMES,
    focusOnInvalid: "field",
    send: save.mutateAsync,
    // What the API stored becomes the form's starting point: "Orari salvati" until the next edit.
    onSuccess: (stored) => checked.form.reset(tidy(stored)),
  });
  return checked;
}

function Editor({ initial }: { initial: Availability }) {
  const checked = useAvailabilityForm(initial);
  const { form, field, onSubmit, submit, issuesPlaced } = checked;
  const weekly = useFieldArray({ control: form.control, name: "weekly" });
  const exceptions = useFieldArray({ control: form.control, name: "exceptions" });
  const { errors, submitCount } = form.formState;
  const hasErrors = submitCount > 0 && Object.keys(errors).length > 0;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Orari delle consulenze">
      <h3 className={styles.subTitle}>Ogni settimana</h3>
      <ul className={styles.weekdays}>
        {WEEKDAYS.map((weekday) => {
          const ranges = weekly.fields
            .map((range, index) => ({ range, index }))
            .filter(({ range }) => range.weekday === weekday);
          const dayName = WEEKDAY_LABELS[weekday];
          return (
            <li key={weekday}>
              <DayFieldset legend={dayName}>
                <DayRanges
                  dayName={dayName}
                  closed="Chiuso"
                  ranges={ranges.map(({ range, index }) => ({
                    id: range.id,
                    from: field(`weekly.${index}.from`),
                    to: field(`weekly.${index}.to`),
                    onRemove: () => weekly.remove(index),
                  }))}
                  onAdd={() =>
                    weekly.append(
                      { weekday, from: "", to: "" },
                      { focusName: `weekly.${weekly.fields.length}.from` },
                    )
                  }
                />
              </DayFieldset>
            </li>
          );
        })}
      </ul>

      <h3 className={styles.subTitle}>Giorni con orari speciali</h3>
      {exceptions.fields.length === 0 ? (
        <p className={styles.note}>Nessuno: valgono gli orari della settimana.</p>
      ) : null}
      <ul className={styles.weekdays}>
        {exceptions.fields.map((exception, index) => (
          <li key={exception.id}>
            <ExceptionFields
              index={index}
              control={form.control}
              field={field}
              date={form.watch(`exceptions.${index}.date`)}
              onRemove={() => exceptions.remove(index)}
            />
          </li>
        ))}
      </ul>
      <p className={styles.editorActions}>
        <button
          type="button"
          onMouseDown={keepFocusWhilePressed}
          className={`${SECONDARY} ${styles.wrapButton}`}
          onClick={() =>
            exceptions.append(
              { date: "", ranges: [] },
              { focusName: `exceptions.${exceptions.fields.length}.date` },
            )
          }
        >
          Aggiungi un giorno con orari speciali
        </button>
      </p>

      {hasErrors ? (
        <FormMessage tone="error">
          <p>Alcuni orari non vanno: li trovi segnati qui sopra.</p>
        </FormMessage>
      ) : null}
      <SendError error={submit.error} issuesPlaced={issuesPlaced} />
      <FormEnd
        form={checked}
        label="Salva gli orari"
        savedMessage="Orari salvati: le prenotazioni seguono i nuovi orari."
      />
    </form>
  );
}

/** A day's box: a weekday of the week, or a day with hours of its own. */
function DayFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={`${formStyles.choiceGroup} ${styles.weekday}`}>
      <legend className={styles.weekdayLegend}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A day's ranges (or, with none, that it is `closed`), and the button that adds one. */
function DayRanges({
  dayName,
  closed,
  ranges,
  onAdd,
}: {
  dayName: string;
  closed: string;
  ranges: readonly { id: string; from: FieldBinding; to: FieldBinding; onRemove: () => void }[];
  onAdd: () => void;
}) {
  return (
    <>
      {ranges.length === 0 ? (
        <p className={styles.closed}>{closed}</p>
      ) : (
        <ul className={styles.ranges}>
          {ranges.map((range) => (
            <li key={range.id}>
              <RangeFields from={range.from} to={range.to} what={`di ${dayName}`} onRemove={range.onRemove} />
            </li>
          ))}
        </ul>
      )}
      <p className={styles.editorActions}>
        <button type="button" onMouseDown={keepFocusWhilePressed} className={LINK} onClick={onAdd}>
          Aggiungi una fascia<span className="visually-hidden"> di {dayName}</span>
        </button>
      </p>
    </>
  );
}

/** One range: from, to, and the button that takes it away. */
function RangeFields({
  from,
  to,
  what,
  onRemove,
}: {
  from: FieldBinding;
  to: FieldBinding;
  /** Which day the range belongs to, for the remove button's name ("di lunedì"). */
  what: string;
  onRemove: () => void;
}) {
  return (
    <div className={styles.range}>
      <TextField
        label="Dalle"
        inputMode="numeric"
        placeholder="09:00"
        autoComplete="off"
        maxLength={5}
        required
        {...from}
      />
      <TextField
        label="Alle"
        inputMode="numeric"
        placeholder="13:00"
        autoComplete="off"
        maxLength={5}
        required
        {...to}
      />
      <button type="button" onMouseDown={keepFocusWhilePressed} className={LINK} onClick={onRemove}>
        Togli<span className="visually-hidden"> questa fascia {what}</span>
      </button>
    </div>
  );
}

function ExceptionFields({
  index,
  control,
  field,
  date,
  onRemove,
}: {
  index: number;
  control: Control<Values>;
  field: (name: Path<Values>) => FieldBinding;
  date: string | undefined;
  onRemove: () => void;
}) {
  const ranges = useFieldArray({ control, name: `exceptions.${index}.ranges` });
  const dayName = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? longDay(date) : "questo giorno";
  return (
    <DayFieldset legend={date ? dayName : "Nuovo giorno"}>
      <div className={styles.exceptionHead}>
        <ItalianDateField label="Giorno" required {...field(`exceptions.${index}.date`)} />
        <button type="button" onMouseDown={keepFocusWhilePressed} className={LINK} onClick={onRemove}>
          Togli<span className="visually-hidden"> gli orari speciali di {dayName}</span>
        </button>
      </div>
      <DayRanges
        dayName={dayName}
        closed="Chiuso tutto il giorno"
        ranges={ranges.fields.map((range, rangeIndex) => ({
          id: range.id,
          from: field(`exceptions.${index}.ranges.${rangeIndex}.from`),
          to: field(`exceptions.${index}.ranges.${rangeIndex}.to`),
          onRemove: () => ranges.remove(rangeIndex),
        }))}
        onAdd={() =>
          ranges.append(
            { from: "", to: "" },
            { focusName: `exceptions.${index}.ranges.${ranges.fields.length}.from` },
          )
        }
      />
    </DayFieldset>
  );
}
