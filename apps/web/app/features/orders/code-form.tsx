import type { FormEventHandler, ReactNode } from "react";
import type { HttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { CodeField, type FieldBinding, SendError } from "../../shared/ui/form-field.tsx";
import styles from "./orders.module.css";

/** What useCheckedForm returns that a one-code form uses. */
interface CodeFormState<N extends string> {
  onSubmit: FormEventHandler<HTMLFormElement>;
  field: (name: N) => FieldBinding;
  submit: { isPending: boolean; error: HttpError | null };
  issuesPlaced: boolean;
}

/**
 * One code and the button that sends it (a voucher, a gift card, a promo code): typed as codes are read,
 * in capitals, never corrected or filled in by the browser; the server's refusal said below.
 */
export function CodeForm<N extends string>({
  form,
  name,
  label,
  hint,
  action,
}: {
  form: CodeFormState<N>;
  name: N;
  label: string;
  hint?: ReactNode;
  /** The button's text: "Applica", "Usa la gift card"… */
  action: string;
}) {
  return (
    <>
      <form className={styles.inlineForm} noValidate onSubmit={form.onSubmit}>
        <CodeField label={label} hint={hint} {...form.field(name)} />
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={form.submit.isPending}
        >
          {action}
        </button>
      </form>
      <SendError error={form.submit.error} issuesPlaced={form.issuesPlaced} />
    </>
  );
}
