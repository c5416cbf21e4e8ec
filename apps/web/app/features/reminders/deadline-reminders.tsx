import type { DeadlineReminders } from "@argine/core/reminders/reminders-api";
import { formatItalianDate } from "@argine/core/shared/calendar";
import { type UseMutationResult, useQuery } from "@tanstack/react-query";
import { type ComponentType, type ReactNode, useState } from "react";
import type { HttpError } from "../../shared/http/http-error.ts";
import formStyles from "../../shared/ui/form.module.css";
import { FieldFrame, FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { remindersQueryOptions, useSetReminders } from "./reminder-queries.ts";

/** The countdown in words: calm, the date always written out. */
export function countdownText(daysLeft: number, deadline: string): string {
  const day = formatItalianDate(deadline);
  if (daysLeft === 0) return `Oggi, ${day}, è l'ultimo giorno per presentare la querela.`;
  if (daysLeft === 1) return `Manca 1 giorno: domani, ${day}, è l'ultimo giorno per presentare la querela.`;
  return `Mancano ${daysLeft} giorni: l'ultimo giorno per presentare la querela è il ${day}.`;
}

/**
 * The complaint (querela) deadline on the case page: the countdown, and the owner's opt-in to a
 * neutral reminder mail 30, 7 and 1 days before. Nothing at all when no complaint is due. `Section` is the
 * page's own section frame (practices gives it: this feature does not import practices).
 */
export function DeadlineRemindersSection({
  practiceId,
  staff,
  Section,
}: {
  practiceId: string;
  staff: boolean;
  Section: ComponentType<{ title: ReactNode; children: ReactNode }>;
}) {
  const reminders = useQuery(remindersQueryOptions(practiceId));
  const change = useSetReminders(practiceId, { meta: { hideError: true } });

  if (reminders.isPending) return null;
  if (reminders.isError) {
    return (
      <Section title="Scadenza per la querela">
        <FormMessage tone="error">{reminders.error.message}</FormMessage>
      </Section>
    );
  }
  const { complaintDeadline, daysLeft } = reminders.data;
  if (complaintDeadline === null || daysLeft === null) return null;
  return (
    <Section title="Scadenza per la querela">
      <p>
        <strong>{countdownText(daysLeft, complaintDeadline)}</strong>
      </p>
      <p>
        Fino a quel giorno hai tempo per presentare la querela. Se hai dubbi, scrivi al tuo avvocato qui
        sotto: ti aiuta a capire come fare.
      </p>
      {staff ? (
        <StaffNote reminders={reminders.data} />
      ) : (
        <OptIn reminders={reminders.data} change={change} />
      )}
    </Section>
  );
}

function StaffNote({ reminders }: { reminders: DeadlineReminders }) {
  return (
    <p>
      {reminders.enabled
        ? "Il cliente ha chiesto i promemoria via email (30, 7 e 1 giorno prima)."
        : "Il cliente non ha chiesto i promemoria via email."}
    </p>
  );
}

function OptIn({
  reminders,
  change,
}: {
  reminders: DeadlineReminders;
  change: UseMutationResult<DeadlineReminders, HttpError, boolean>;
}) {
  // The box follows the click at once (the mutation's own pending state comes a tick later, and React
  // would set a controlled box back meanwhile); the saved state comes back with the answer.
  const [wanted, setWanted] = useState<boolean | null>(null);
  if (!reminders.canChange) return null;
  return (
    <>
      <FieldFrame
        label="Ricordamelo via email 30, 7 e 1 giorno prima della scadenza"
        layout="checkbox"
        hint="L'email dice solo che c'è una scadenza, senza dettagli sul caso."
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            className={formStyles.checkboxInput}
            checked={wanted ?? reminders.enabled}
            disabled={wanted !== null}
            onChange={(event) => {
              setWanted(event.target.checked);
              change.mutate(event.target.checked, { onSettled: () => setWanted(null) });
            }}
          />
        )}
      </FieldFrame>
      <StatusRegion>
        {change.isSuccess ? (
          <FormMessage tone="success">
            {reminders.enabled ? "Promemoria attivati." : "Promemoria disattivati."}
          </FormMessage>
        ) : null}
      </StatusRegion>
      {change.error ? <FormMessage tone="error">{change.error.message}</FormMessage> : null}
    </>
  );
}
