import { canChangeServiceAssignment } from "@argine/core/services/policy";
import {
  type PracticeService,
  type ServiceAssignmentBody,
  ServiceAssignmentBodySchema,
  type StaffMember,
} from "@argine/core/services/services-api";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { toHttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage, SelectField } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import styles from "./service-queue.module.css";
import { useAssignService } from "./service-queue-queries.ts";

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/** "Assegnato a Marco Rinaldi", or that nobody has it yet. */
export function assigneeText(lawyer: StaffMember | null, myId: string | undefined): string {
  if (!lawyer) return "Non ancora assegnato";
  return lawyer.id === myId ? "Assegnato a te" : `Assegnato a ${lawyer.name}`;
}

/**
 * Who works a service: "Prendi in carico" for oneself, "Assegna a" a colleague and, where offered, "Rimetti
 * in coda". The outcome is handed to `onDone`, since in the queue the service moves to another section (and
 * this component with it) once the list reads again.
 */
export function AssignmentControls({
  service,
  lawyers,
  subject,
  allowRelease = false,
  onDone,
}: {
  service: Pick<PracticeService, "serviceId" | "assignedLawyer">;
  lawyers: readonly StaffMember[];
  /** The service as the outcome names it: "il servizio Diffida della pratica AR-…". */
  subject: string;
  allowRelease?: boolean;
  onDone: (message: string) => void;
}) {
  const user = useCurrentUser();
  const assigned = service.assignedLawyer;
  const mine = Boolean(user && assigned?.id === user.id);
  // A colleague's work is handed over by an admin only (core canChangeServiceAssignment).
  const allowed = canChangeServiceAssignment(user && { userId: user.id, roles: user.roles }, {
    assignedLawyerId: assigned?.id ?? null,
  });
  const assign = useAssignService(service.serviceId, {
    // A refusal is said next to the buttons, not in a modal.
    meta: { hideError: true },
    onSuccess: (_, lawyerId) => {
      choice.form.reset();
      const lawyer = lawyers.find((one) => one.id === lawyerId);
      onDone(
        lawyerId === null
          ? `Di nuovo da assegnare: ${subject}.`
          : lawyerId === user?.id
            ? `Hai preso in carico ${subject}.`
            : `Hai assegnato ${subject} a ${lawyer?.name ?? "un collega"}.`,
      );
    },
  });
  // "Assegna a": its refusal is the buttons' own, said once below them.
  const choice = useCheckedForm({
    resolver: schemaResolver<{ lawyerId: string }, ServiceAssignmentBody>(ServiceAssignmentBodySchema),
    defaultValues: { lawyerId: "" },
    fieldNames: [],
    focusOnInvalid: "field",
    send: ({ lawyerId }) => assign.mutateAsync(lawyerId),
  });
  // Assigning to whoever has it already changes nothing: they are not offered.
  const others = lawyers.filter((lawyer) => lawyer.id !== assigned?.id);

  if (!allowed) return null;
  return (
    <div className={styles.assignment}>
      <div className={styles.actions}>
        {mine || !user ? null : (
          <button
            type="button"
            className={PRIMARY}
            disabled={assign.isPending}
            onClick={() => assign.mutate(user.id)}
          >
            Prendi in carico
          </button>
        )}
        {allowRelease && assigned ? (
          <button
            type="button"
            className={SECONDARY}
            disabled={assign.isPending}
            onClick={() => assign.mutate(null)}
          >
            Rimetti in coda
          </button>
        ) : null}
      </div>
      {others.length ? (
        <form className={styles.inlineForm} onSubmit={choice.onSubmit} noValidate>
          <SelectField
            label="Assegna a"
            placeholder="Scegli chi"
            options={others.map((lawyer) => ({ value: lawyer.id, label: lawyer.name }))}
            {...choice.field("lawyerId")}
          />
          <button
            type="submit"
            className={SECONDARY}
            disabled={assign.isPending || !choice.form.watch("lawyerId")}
          >
            Assegna
          </button>
        </form>
      ) : null}
      {assign.error ? <FormMessage tone="error">{toHttpError(assign.error).message}</FormMessage> : null}
    </div>
  );
}
