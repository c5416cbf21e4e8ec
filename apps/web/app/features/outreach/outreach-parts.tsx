import type { ReactNode } from "react";
import type { FieldValues, Path } from "react-hook-form";
import { Link } from "react-router";
import { PRIVACY_PATH } from "../../shared/navigation/navigation.ts";
import { ErrorSummary } from "../../shared/ui/error-summary.tsx";
import formStyles from "../../shared/ui/form.module.css";
import {
  EmailField,
  FormEnd,
  FormMessage,
  RequiredNote,
  SendError,
  StatusRegion,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { useFocusOnMount } from "../../shared/ui/use-checked-form.ts";
import styles from "./outreach.module.css";
import type { OutreachFormState } from "./use-outreach-form.ts";

// Pieces the three outreach forms share: the privacy consent's label, the banner of a failed send, and the
// confirmation that replaces a form once sent.

/** The privacy checkbox's label, linking the policy (spec §5: the privacy terms must be accepted). */
export function PrivacyLabel({ purpose }: { purpose: string }) {
  return (
    <>
      Ho letto l'
      <Link to={PRIVACY_PATH} className={styles.privacyLink}>
        informativa sulla privacy
      </Link>{" "}
      e acconsento al trattamento dei miei dati {purpose}.
    </>
  );
}

/**
 * The confirmation shown in place of a sent form. It takes the focus (the button pressed is gone), and sits
 * in the form's polite status region so screen readers announce it.
 */
export function SentMessage({ title, children }: { title: string; children: ReactNode }) {
  const ref = useFocusOnMount<HTMLDivElement>(true);
  return (
    <div ref={ref} tabIndex={-1} className={styles.sent}>
      <FormMessage tone="success">
        <p className={styles.sentTitle}>{title}</p>
        {children}
      </FormMessage>
    </div>
  );
}

interface OutreachFormFrameProps<TValues extends FieldValues, TBody> {
  /** What useOutreachForm returned. */
  state: OutreachFormState<TValues, TBody>;
  /** The confirmation's title once sent. */
  sentTitle: string;
  submitLabel: string;
  pendingLabel: string;
  className: string;
  /** The summary's heading level, to fit the outline where the form sits. */
  summaryHeadingLevel?: 2 | 3 | 4;
  /** Shown above the form until it is sent (an intro line). */
  before?: ReactNode;
  showRequiredNote?: boolean;
  children: ReactNode;
}

/**
 * What the three outreach forms share around their fields: the polite status region with the confirmation
 * that replaces the form once sent, the error summary, the send error and the submit button.
 */
export function OutreachFormFrame<TValues extends FieldValues, TBody>({
  state,
  sentTitle,
  submitLabel,
  pendingLabel,
  className,
  summaryHeadingLevel,
  before,
  showRequiredNote = true,
  children,
}: OutreachFormFrameProps<TValues, TBody>) {
  const { form, submit, onSubmit, issuesPlaced, summaryRef, fields, canSubmit } = state;
  return (
    <>
      <StatusRegion>
        {submit.isSuccess ? (
          <SentMessage title={sentTitle}>
            <p>{submit.data.message}</p>
          </SentMessage>
        ) : null}
      </StatusRegion>
      {submit.isSuccess ? null : (
        <>
          {before}
          <form className={className} method="post" noValidate onSubmit={onSubmit}>
            {showRequiredNote ? <RequiredNote /> : null}
            <ErrorSummary
              formState={form.formState}
              fields={fields}
              onSelect={form.setFocus}
              summaryRef={summaryRef}
              headingLevel={summaryHeadingLevel}
            />
            <SendError error={submit.error} issuesPlaced={issuesPlaced} />
            {children}
            <FormEnd form={state} label={submitLabel} pendingLabel={pendingLabel} disabled={!canSubmit} />
          </form>
        </>
      )}
    </>
  );
}

/** Name and email side by side, as the idea and the partnership forms ask them. */
export function NameAndEmail<TValues extends { name: string; email: string }, TBody>({
  state,
}: {
  state: OutreachFormState<TValues, TBody>;
}) {
  const { field } = state;
  const name = "name" as Path<TValues>;
  const email = "email" as Path<TValues>;
  return (
    <div className={formStyles.row}>
      <TextField label="Nome e cognome" autoComplete="name" required {...field(name)} />
      <EmailField required {...field(email)} />
    </div>
  );
}
