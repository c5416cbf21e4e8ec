import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { nextServiceStatuses } from "@argine/core/services/lifecycle";
import { SERVICE_STATUS } from "@argine/core/services/service-messages";
import { SERVICE_TYPE } from "@argine/core/services/service-type";
import {
  type PracticeService,
  type ServiceStatusBody,
  ServiceStatusBodySchema,
} from "@argine/core/services/services-api";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage, SelectField, StatusRegion } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { InjunctionDraftLink } from "../services/public.ts";
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
  const next = SERVICE_STATUS.is(service.status) ? nextServiceStatuses(service.status) : [];
  const serviceType = SERVICE_TYPE.is(service.serviceType) ? service.serviceType : null;
  if (practice.status === "CLOSED") {
    return <p className={styles.note}>La pratica è chiusa: riaprila per cambiare lo stato del servizio.</p>;
  }
  if (!next.length || !serviceType) {
    return <p className={styles.note}>Lo stato di questo servizio non si può più cambiare.</p>;
  }
  return <StatusChoice service={service} serviceType={serviceType} next={next} onDone={onDone} />;
}

/** The status chosen: one of the next ones core's table allows (services/lifecycle.ts). */
const StatusChoiceSchema = ServiceStatusBodySchema.pick({ status: true });
interface StatusValues {
  status: string;
}

function StatusChoice({
  service,
  serviceType,
  next,
  onDone,
}: {
  service: PracticeService;
  serviceType: ServiceStatusBody["serviceType"];
  next: readonly ServiceStatusBody["status"][];
  onDone: (message: string) => void;
}) {
  const change = useChangeServiceStatus(service.serviceId, SENT_BY_FORM);
  const { form, field, submit, onSubmit } = useCheckedForm({
    resolver: schemaResolver<StatusValues, Pick<ServiceStatusBody, "status">>(StatusChoiceSchema),
    defaultValues: { status: "" },
    // The API's reason (the mandate, the missing document) is said beside the form, not under the field.
    fieldNames: [],
    focusOnInvalid: "field",
    send: ({ status }) => change.mutateAsync({ serviceType, status }),
    onSuccess: (changed) => {
      form.reset();
      onDone(`Stato aggiornato: ${SERVICE_STATUS.label(changed.status)}.`);
    },
  });
  return (
    <form className={styles.inlineForm} onSubmit={onSubmit} noValidate>
      <SelectField
        label="Nuovo stato"
        hint={`Ora: ${SERVICE_STATUS.label(service.status)}`}
        placeholder="Scegli lo stato"
        options={next.map((status) => ({ value: status, label: SERVICE_STATUS.label(status) }))}
        // A new choice clears the last refusal.
        {...field("status", { onChange: () => submit.reset() })}
      />
      <button
        type="submit"
        className={`${buttonStyles.button} ${buttonStyles.primary}`}
        disabled={submit.isPending || !form.watch("status")}
      >
        Aggiorna lo stato
      </button>
      {submit.error ? (
        <div className={styles.formError}>
          <FormMessage tone="error">{submit.error.message}</FormMessage>
        </div>
      ) : null}
    </form>
  );
}
