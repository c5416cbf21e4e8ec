import { Link } from "react-router";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { AccountLayout, FocusHeading } from "./account-layout.tsx";
import { confirmEmail } from "./account-queries.ts";
import { ResendVerificationForm } from "./resend-verification-form.tsx";
import { useSendUrlTokenOnce } from "./use-url-token.ts";

/** /account/verify?token=…: confirms the e-mail address of a new account, then offers to log in. */
export function VerifyPage() {
  const { token, result: verify } = useSendUrlTokenOnce(confirmEmail);

  return (
    <AccountLayout title="Conferma dell'email">
      <StatusRegion>
        {token && verify.isPending ? <p>Stiamo confermando il tuo indirizzo…</p> : null}
      </StatusRegion>
      {verify.isSuccess ? (
        <>
          <FocusHeading>Indirizzo confermato</FocusHeading>
          <FormMessage tone="success">
            <p>{verify.data.message}</p>
          </FormMessage>
          <div className={formStyles.actions}>
            <Link to={LOGIN_PATH} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
              Accedi
            </Link>
          </div>
        </>
      ) : null}
      {!token ? (
        <FormMessage tone="error">
          <p>
            Il link di conferma non è completo. Apri di nuovo il link dall'email, oppure chiedine uno nuovo
            qui sotto.
          </p>
        </FormMessage>
      ) : null}
      {verify.isError ? (
        <FormMessage tone="error">
          <p>{verify.error.message}</p>
        </FormMessage>
      ) : null}
      {!token || verify.isError ? <ResendVerificationForm /> : null}
    </AccountLayout>
  );
}
