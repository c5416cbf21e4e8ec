import type { Slot } from "@argine/core/consultation/consultation-api";
import { useId, useRef, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FieldError, RequiredMark } from "../../shared/ui/form-field.tsx";
import styles from "./consultation.module.css";
import { groupSlotsByDay, longDay } from "./consultation-format.ts";

// The free slots as a person chooses one: first the day (the days that have a free slot, in order; two
// working weeks at first, the rest on request), then a time of that day. Both are radio groups, so the
// keyboard moves with the arrows and a screen reader says "1 di 6"; the time is the form's field
// (`startsAt`), the day only what the page shows.

const countText = (count: number) => (count === 1 ? "1 orario libero" : `${count} orari liberi`);

/** The days shown at first (two working weeks); the others come with "Mostra altri giorni". */
const FIRST_DAYS = 10;

export function SlotPicker({
  slots,
  selected,
  registration,
  error,
}: {
  slots: readonly Slot[];
  /** The form's `startsAt` now: its day is the one open, and it shows as chosen. */
  selected: string | undefined;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const days = groupSlotsByDay(slots);
  const selectedDay = slots.find((slot) => slot.startsAt === selected)?.date;
  const [chosenDay, setChosenDay] = useState<string | null>(selectedDay ?? null);
  const [allDays, setAllDays] = useState(false);
  const firstMore = useRef<HTMLInputElement>(null);
  // The day open: the one chosen while it still has free slots, else the chosen slot's, else the first.
  const open =
    days.find((day) => day.date === chosenDay) ?? days.find((day) => day.date === selectedDay) ?? days[0];
  if (!open) return null;
  const showAll = allDays || days.length <= FIRST_DAYS || days.indexOf(open) >= FIRST_DAYS;
  const shown = showAll ? days : days.slice(0, FIRST_DAYS);

  return (
    <div className={styles.picker}>
      <fieldset className={formStyles.choiceGroup}>
        <legend className={formStyles.legendLabel}>Giorno</legend>
        <div className={styles.dayGrid}>
          {shown.map((day, index) => {
            const dayId = `${id}-day-${day.date}`;
            return (
              <div key={day.date} className={formStyles.option}>
                <input
                  ref={index === FIRST_DAYS ? firstMore : undefined}
                  id={dayId}
                  type="radio"
                  name={`${id}-day`}
                  value={day.date}
                  checked={day.date === open.date}
                  onChange={() => setChosenDay(day.date)}
                  className={formStyles.optionInput}
                />
                <label htmlFor={dayId} className={`${formStyles.optionLabel} ${styles.dayLabel}`}>
                  <DayName date={day.date} />
                  <span className={formStyles.optionHint}>{countText(day.slots.length)}</span>
                </label>
              </div>
            );
          })}
        </div>
        {showAll ? null : (
          <p className={styles.moreDays}>
            <button
              type="button"
              className={buttonStyles.link}
              onClick={() => {
                setAllDays(true);
                // The keyboard goes on where the new days begin.
                setTimeout(() => firstMore.current?.focus(), 0);
              }}
            >
              Mostra altri giorni ({days.length - FIRST_DAYS})
            </button>
          </p>
        )}
      </fieldset>
      <fieldset className={formStyles.choiceGroup} aria-describedby={error ? errorId : undefined}>
        <legend className={formStyles.legendLabel}>
          Orario di {longDay(open.date)}
          <RequiredMark />
          <span className="visually-hidden"> (obbligatorio)</span>
        </legend>
        <div className={styles.timeGrid}>
          {open.slots.map((slot) => {
            const slotId = `${id}-slot-${slot.startsAt}`;
            return (
              <div key={slot.startsAt} className={formStyles.option}>
                <input
                  {...registration}
                  id={slotId}
                  type="radio"
                  value={slot.startsAt}
                  className={formStyles.optionInput}
                  aria-invalid={error ? true : undefined}
                />
                <label htmlFor={slotId} className={formStyles.optionLabel}>
                  <span className={formStyles.optionTitle}>{slot.time}</span>
                </label>
              </div>
            );
          })}
        </div>
        <FieldError id={errorId} message={error} />
      </fieldset>
    </div>
  );
}

/** "lunedì 7 dicembre", the weekday on a line of its own where the cards are narrow. */
function DayName({ date }: { date: string }) {
  const [weekday, ...rest] = longDay(date).split(" ");
  return (
    <span className={formStyles.optionTitle}>
      <span className={styles.weekday}>{weekday}</span> {rest.join(" ")}
    </span>
  );
}
