import { Link } from "react-router";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { useSendUrlTokenOnce } from "../identity/public.ts";
import { NewsletterForm } from "./newsletter-form.tsx";
import styles from "./outreach.module.css";
import { confirmNewsletter } from "./outreach-queries.ts";

/**
 * /newsletter/confirm?token=…: the link of the newsletter's confirmation mail. The token leaves the address
 * bar at once and is sent once; on failure (expired, used, incomplete) the sign-up form is offered again,
 * since signing up again mails a fresh link.
 */
export function NewsletterConfirmPage() {
  const { token, result: confirm } = useSendUrlTokenOnce(confirmNewsletter);

  return (
    <TitledSection
      title="Iscrizione alla newsletter"
      level={1}
      className={styles.page}
      titleClassName={styles.pageTitle}
    >
      <StatusRegion>
        {token && confirm.isPending ? <p>Stiamo confermando la tua iscrizione…</p> : null}
        {confirm.isSuccess ? (
          <FormMessage tone="success">
            <p>{confirm.data.message}</p>
          </FormMessage>
        ) : null}
      </StatusRegion>
      {confirm.isSuccess ? (
        <div className={formStyles.actions}>
          <Link to="/" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            Torna alla home
          </Link>
        </div>
      ) : null}
      {!token ? (
        <FormMessage tone="error">
          <p>
            Il link di conferma non è completo. Apri di nuovo il link dall'email, oppure iscriviti di nuovo
            qui sotto per riceverne uno nuovo.
          </p>
        </FormMessage>
      ) : null}
      {confirm.isError ? (
        <FormMessage tone="error">
          <p>{confirm.error.message}</p>
        </FormMessage>
      ) : null}
      {!token || confirm.isError ? <NewsletterForm title="Ricevi un nuovo link" /> : null}
    </TitledSection>
  );
}
