import { Link } from "react-router";
import { LOGIN_PATH, QUESTIONNAIRE_PATH } from "../layout/navigation.ts";
import buttonStyles from "../ui/button.module.css";
import styles from "./dashboard-shell-page.module.css";

/**
 * /dashboard/*, rendered in the browser only. Until the account area lands it says honestly what the area
 * is for and that access is needed; it shows no data.
 */
export function DashboardShellPage() {
  return (
    <section className={styles.page} aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Area personale</h1>
      <p className={styles.text}>
        Qui trovi le tue pratiche, i servizi attivi, i documenti da scaricare, i tuoi ordini e i tuoi dati.
        Per vederli devi accedere con il tuo account.
      </p>
      <p>
        <Link to={LOGIN_PATH} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          Accedi all'area personale
        </Link>
      </p>
      <p className={styles.note}>
        Non hai ancora un account? Puoi iniziare dal{" "}
        <Link to={QUESTIONNAIRE_PATH}>questionario gratuito</Link>: non serve registrarsi per ricevere il
        primo parere.
      </p>
    </section>
  );
}
