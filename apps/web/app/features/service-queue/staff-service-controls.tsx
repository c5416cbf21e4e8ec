import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { nextServiceStatuses } from "@argine/core/services/lifecycle";
import { SERVICE_STATUS } from "@argine/core/services/service-messages";
import { SERVICE_TYPE } from "@argine/core/services/service-type";
import type { PracticeService } from "@argine/core/services/services-api";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { toHttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FieldFrame, FormMessage, SelectOptions, StatusRegion } from "../../shared/ui/form-field.tsx";
import { InjunctionDraftLink } from "../injunction-draft/public.ts";
import { AssignmentControls, assigneeText } from "./assignment-controls.tsx";
import styles from "./service-queue.module.css";
import { teamQueryOptions, useChangeServiceStatus } from "./service-queue-queries.ts";

/**
 * The lawyer's controls of one bought service: its next status (the table of core services/lifecycle.ts,
 * the API saying why a change cannot happen yet) and who works it. Made to sit in the service's card.
 */
export function StaffServiceControls({
  service,
  practice,
}: {
  service: PracticeService;
  practice: PracticeDetail;
}) {
  const user = useCurrentUser();
  const [done, setDone] = useState("");
  const assignee = useRef<HTMLParagraphElement>(null);
  const lawyers = useQuery(teamQueryOptions()).data ?? [];
  return (
    <div className={styles.controls}>
      {service.serviceType === "INJUCTION" ? (
        <InjunctionDraftLink serviceId={service.serviceId} ticketCode={practice.ticketCode} />
      ) : null}
      <StatusForm service={service} practice={practice} onDone={setDone} />
      <p ref={assignee} tabIndex={-1} className={styles.assignee}>
        {assigneeText(service.assignedLawyer, user?.id)}
      </p>
      <AssignmentControls
        service={service}
        lawyers={lawyers}
        subject={`il servizio ${SERVICE_TYPE.label(service.serviceType)}`}
        allowRelease
        onDone={(message) => {
          setDone(message);
          // The button pressed may be gone (taken, or put back): the focus goes to who has it now.
          assignee.current?.focus();
        }}
      />
      <StatusRegion>{done ? <p className={styles.statusText}>{done}</p> : null}</StatusRegion>
    </div>
  );
}

function StatusForm({
  service,
  practice,
  onDone,
}: {
  service: PracticeService;
  practice: PracticeDetail;
  onDone: (message: string) => void;
}) {
  const [chosen, setChosen] = useState("");
  const change = useChangeServiceStatus(service.serviceId, {
    // The API's reason (the mandate, the missing document) is said beside the form.
    meta: { hideError: true },
    onSuccess: (changed) => {
      setChosen("");
      onDone(`Stato aggiornato: ${SERVICE_STATUS.label(changed.status)}.`);
    },
  });
  const next = SERVICE_STATUS.is(service.status) ? nextServiceStatuses(service.status) : [];
  const serviceType = SERVICE_TYPE.is(service.serviceType) ? service.serviceType : null;
  if (practice.status === "CLOSED") {
    return <p className={styles.note}>La pratica è chiusa: riaprila per cambiare lo stato del servizio.</p>;
  }
  if (!next.length || !serviceType) {
    return <p className={styles.note}>Lo stato di questo servizio non si può più cambiare.</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const status = next.find((one) => one === chosen);
    if (status) change.mutate({ serviceType, status });
  };
  return (
    <form className={styles.inlineForm} onSubmit={submit}>
      <FieldFrame label="Nuovo stato" hint={`Ora: ${SERVICE_STATUS.label(service.status)}`}>
        {(control) => (
          <select
            {...control}
            value={chosen}
            onChange={(event) => {
              change.reset();
              setChosen(event.target.value);
            }}
            className={formStyles.control}
          >
            <SelectOptions
              placeholder="Scegli lo stato"
              options={next.map((status) => ({ value: status, label: SERVICE_STATUS.label(status) }))}
            />
          </select>
        )}
      </FieldFrame>
      <button
        type="submit"
        className={`${buttonStyles.button} ${buttonStyles.primary}`}
        disabled={change.isPending || !chosen}
      >
        Aggiorna lo stato
      </button>
      {change.error ? (
        <div className={styles.formError}>
          <FormMessage tone="error">{toHttpError(change.error).message}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}
