import { Link } from "react-router";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { AccountLayout, FocusHeading } from "./account-layout.tsx";
import { unlockSignIn } from "./account-queries.ts";
import { useSendUrlTokenOnce } from "./use-url-token.ts";

/**
 * /account/unlock?token=…: the link mailed when wrong passwords slow down sign-ins to an account (ADR 035).
 * It clears the wait and makes this browser a known device of the account, then offers to sign in.
 */
export function UnlockPage() {
  const { token, result: unlock } = useSendUrlTokenOnce(unlockSignIn);

  return (
    <AccountLayout title="Accesso al tuo account">
      <StatusRegion>{token && unlock.isPending ? <p>Stiamo sbloccando l'accesso…</p> : null}</StatusRegion>
      {unlock.isSuccess ? (
        <>
          <FocusHeading>Puoi accedere</FocusHeading>
          <FormMessage tone="success">
            <p>{unlock.data.message}</p>
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
          <p>Il link non è completo: aprilo di nuovo dall'email.</p>
        </FormMessage>
      ) : null}
      {unlock.isError ? (
        <FormMessage tone="error">
          <p>{unlock.error.message}</p>
        </FormMessage>
      ) : null}
    </AccountLayout>
  );
}
