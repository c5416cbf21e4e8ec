import { Link } from "react-router";
import { QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { usePreviousLocation } from "../../shell/platform/location-history.ts";
import styles from "./not-found-page.module.css";

/** The 404 page, rendered at /404 (prerendered) and for any unknown path. */
export function NotFoundPage() {
  const previous = usePreviousLocation();
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code}>Errore 404</p>
      <h1 id="not-found-title">Pagina non trovata</h1>
      <p className={styles.text}>
        La pagina che cercavi non esiste o è stata spostata. Non è colpa tua: a volte i collegamenti cambiano.
        Puoi ripartire da uno di questi punti.
      </p>
      <ul className={styles.links}>
        {previous ? (
          <li>
            <Link
              to={{ pathname: previous.pathname, search: previous.search }}
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            >
              Torna alla pagina precedente
            </Link>
          </li>
        ) : null}
        <li>
          <Link to="/" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            Torna alla pagina iniziale
          </Link>
        </li>
        <li>
          <Link to={QUESTIONNAIRE_PATH} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            Inizia il questionario gratuito
          </Link>
        </li>
        <li>
          <Link to="/faq" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            Leggi le domande frequenti
          </Link>
        </li>
      </ul>
    </section>
  );
}
