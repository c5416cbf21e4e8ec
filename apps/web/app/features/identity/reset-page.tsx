import { withPasswordConfirmation } from "@argine/core/identity/password";
import { EmailBodySchema } from "@argine/core/identity/users-api";
import { useState } from "react";
import { Link } from "react-router";
import { errorCode } from "../../shared/http/http-error.ts";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import {
  EmailField,
  FormEnd,
  FormMessage,
  NewPasswordFields,
  RequestOutcome,
} from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { AccountLayout, FocusHeading } from "./account-layout.tsx";
import { confirmPasswordReset, requestPasswordReset, useResendPasswordReset } from "./account-queries.ts";
import { EmbeddedAccountsOnly } from "./external-account-notice.tsx";
import { ResendButton } from "./resend-button.tsx";
import { useUrlToken } from "./use-url-token.ts";

// /account/reset (spec §2): the email, then the "email sent" confirmation with a resend option. The mailed
// link (?token=…, single use, valid for an hour) leads to the new-password form, then to login.

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

const NewPasswordSchema = withPasswordConfirmation();

/** The API's code for a mailed link that is invalid, expired or already used. */
export const INVALID_TOKEN = "INVALID_TOKEN";

export function ResetPage() {
  const urlToken = useUrlToken();
  // "Chiedi un nuovo link" after a refused token goes back to the email step.
  const [token, setToken] = useState(urlToken);
  return (
    <AccountLayout
      title={token ? "Scegli una nuova password" : "Recupera la password"}
      links={
        <li>
          <Link to={LOGIN_PATH}>Torna all'accesso</Link>
        </li>
      }
    >
      <EmbeddedAccountsOnly action="il recupero della password">
        {token ? <NewPasswordStep token={token} onRestart={() => setToken(null)} /> : <RequestStep />}
      </EmbeddedAccountsOnly>
    </AccountLayout>
  );
}

interface EmailValues {
  email: string;
}

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

function RequestStep() {
  const emailForm = useCheckedForm({
    resolver: schemaResolver<EmailValues, EmailValues>(EmailBodySchema),
    defaultValues: { email: "" },
    fieldNames: ["email"],
    focusOnInvalid: "field",
    send: ({ email }) => requestPasswordReset(email),
  });
  const resend = useResendPasswordReset();

  if (emailForm.submit.isSuccess) {
    const email = emailForm.submit.variables.email;
    return (
      <>
        <FocusHeading>Email inviata</FocusHeading>
        <FormMessage tone="success">
          <p>{emailForm.submit.data.message}</p>
        </FormMessage>
        <p>
          Il link vale per un'ora e si può usare una sola volta. Se non trovi l'email, guarda anche nella
          cartella della posta indesiderata.
        </p>
        <div className={formStyles.actions}>
          <ResendButton resend={resend} to={() => email}>
            Invia di nuovo
          </ResendButton>
          <button
            type="button"
            className={SECONDARY}
            onClick={() => {
              resend.reset();
              emailForm.submit.reset();
            }}
          >
            Usa un altro indirizzo
          </button>
        </div>
        <RequestOutcome request={resend} />
      </>
    );
  }

  return (
    <form className={formStyles.form} noValidate onSubmit={emailForm.onSubmit}>
      <p>Scrivi l'indirizzo email del tuo account: ti mandiamo un link per scegliere una nuova password.</p>
      {emailForm.submit.error && !emailForm.issuesPlaced ? (
        <FormMessage tone="error">{emailForm.submit.error.message}</FormMessage>
      ) : null}
      <EmailField required {...emailForm.field("email")} />
      <FormEnd form={emailForm} label="Invia il link" pendingLabel="Invio in corso…" />
    </form>
  );
}

function NewPasswordStep({ token, onRestart }: { token: string; onRestart: () => void }) {
  const passwordForm = useCheckedForm({
    resolver: schemaResolver<NewPasswordValues, NewPasswordValues>(NewPasswordSchema),
    defaultValues: { password: "", confirmPassword: "" },
    fieldNames: ["password"],
    focusOnInvalid: "field",
    send: ({ password }) => confirmPasswordReset(token, password),
  });

  if (passwordForm.submit.isSuccess) {
    return (
      <>
        <FocusHeading>Password aggiornata</FocusHeading>
        <FormMessage tone="success">
          <p>{passwordForm.submit.data.message}</p>
        </FormMessage>
        <div className={formStyles.actions}>
          <Link to={LOGIN_PATH} className={PRIMARY}>
            Accedi con la nuova password
          </Link>
        </div>
      </>
    );
  }

  // A refused link (invalid, expired or already used): no form to fill in vain, a way to get a new one.
  const code = errorCode(passwordForm.submit.error);
  const refused =
    passwordForm.submit.error &&
    !passwordForm.issuesPlaced &&
    (code === INVALID_TOKEN || code === "BAD_REQUEST");

  return (
    <form className={formStyles.form} noValidate onSubmit={passwordForm.onSubmit}>
      {passwordForm.submit.error && !passwordForm.issuesPlaced ? (
        <FormMessage tone="error">
          <p>{passwordForm.submit.error.message}</p>
        </FormMessage>
      ) : null}
      {refused ? (
        <div className={formStyles.actions}>
          <button type="button" className={PRIMARY} onClick={onRestart}>
            Chiedi un nuovo link
          </button>
        </div>
      ) : (
        <>
          <NewPasswordFields
            password={passwordForm.field("password")}
            confirmPassword={passwordForm.field("confirmPassword")}
          />
          <FormEnd form={passwordForm} label="Salva la nuova password" />
        </>
      )}
    </form>
  );
}
