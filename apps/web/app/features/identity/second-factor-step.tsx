import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FormMessage, TextField } from "../../shared/ui/form-field.tsx";
import { lazySchemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { type Interaction, submitSecondFactor } from "./account-queries.ts";

// The sign-in's second step for an account with the "verifica in due passaggi" (ADR 036): the password was
// right, now the authenticator app's code or one of the recovery codes.

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;

interface CodeValues {
  code: string;
}

// Shown after the password, on the sign-in's page: its check is loaded as the login form's is (issue 41).
const codeResolver = lazySchemaResolver<CodeValues, CodeValues>(() =>
  import("@argine/core/identity/login-api").then((api) => api.SecondFactorConfirmBodySchema),
);

export function SecondFactorForm({
  interaction,
  secondFactorToken,
  onRedirect,
}: {
  interaction: Pick<Interaction, "uid" | "csrfToken">;
  secondFactorToken: string;
  onRedirect: (target: string) => void;
}) {
  const { field, submit, onSubmit, issuesPlaced } = useCheckedForm({
    resolver: codeResolver,
    defaultValues: { code: "" },
    fieldNames: ["code"],
    focusOnInvalid: "field",
    send: ({ code }) => submitSecondFactor(interaction, { secondFactorToken, code }),
    onSuccess: ({ redirectTo }) => onRedirect(redirectTo),
  });
  const busy = submit.isPending || submit.isSuccess;
  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">Verifica in due passaggi</h2>
      <p>Apri l'app di autenticazione e inserisci il codice di 6 cifre che mostra per Argine.</p>
      {submit.error && !issuesPlaced ? (
        <FormMessage tone="error">
          <p>{submit.error.message}</p>
        </FormMessage>
      ) : null}
      <TextField
        label="Codice"
        hint="Non hai il telefono con te? Puoi usare uno dei codici di recupero."
        autoComplete="one-time-code"
        inputMode="text"
        spellCheck={false}
        required
        autoFocus
        {...field("code")}
      />
      <div className={formStyles.actions}>
        <button type="submit" className={PRIMARY} disabled={busy}>
          {busy ? "Verifica in corso…" : "Verifica"}
        </button>
      </div>
    </form>
  );
}
