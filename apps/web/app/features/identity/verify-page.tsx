import { confirmEmail } from "./account-queries.ts";
import { MailedLinkPage } from "./mailed-link-page.tsx";
import { ResendVerificationForm } from "./resend-verification-form.tsx";

/** /account/verify?token=…: confirms the e-mail address of a new account, then offers to log in. */
export function VerifyPage() {
  return (
    <MailedLinkPage
      title="Conferma dell'email"
      send={confirmEmail}
      pending="Stiamo confermando il tuo indirizzo…"
      doneHeading="Indirizzo confermato"
      incomplete="Il link di conferma non è completo. Apri di nuovo il link dall'email, oppure chiedine uno nuovo qui sotto."
      after={({ token, failed }) => (!token || failed ? <ResendVerificationForm /> : null)}
    />
  );
}
