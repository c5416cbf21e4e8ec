import { EmailBodySchema } from "@argine/core/identity/users-api";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { EmailField, FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { resendVerification } from "./account-queries.ts";

/** Asks for a new confirmation link (POST /v1/users/verification/resend). */
export function ResendVerificationForm() {
  const {
    field,

    submit: resend,
    onSubmit,
  } = useCheckedForm({
    resolver: schemaResolver<{ email: string }, { email: string }>(EmailBodySchema),
    defaultValues: { email: "" },
    // Every failure is shown above the button, as before: no field takes the API's issues.
    fieldNames: [],
    focusOnInvalid: "field",
    send: ({ email }) => resendVerification(email),
  });
  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-labelledby="resend-title">
      <h2 id="resend-title">Ricevi un nuovo link di conferma</h2>
      <EmailField required {...field("email")} />
      {resend.error ? <FormMessage tone="error">{resend.error.message}</FormMessage> : null}
      <StatusRegion>
        {resend.data ? <FormMessage tone="success">{resend.data.message}</FormMessage> : null}
      </StatusRegion>
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={resend.isPending}
        >
          Invia un nuovo link
        </button>
      </div>
    </form>
  );
}
