import { unlockSignIn } from "./account-queries.ts";
import { MailedLinkPage } from "./mailed-link-page.tsx";

/**
 * /account/unlock?token=…: the link mailed when wrong passwords slow down sign-ins to an account (ADR 035).
 * It clears the wait and makes this browser a known device of the account, then offers to sign in.
 */
export function UnlockPage() {
  return (
    <MailedLinkPage
      title="Accesso al tuo account"
      send={unlockSignIn}
      pending="Stiamo sbloccando l'accesso…"
      doneHeading="Puoi accedere"
      incomplete="Il link non è completo: aprilo di nuovo dall'email."
    />
  );
}
