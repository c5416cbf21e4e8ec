import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRIVACY_PATH, PROFILE_INFO_PATH } from "../../shared/navigation/navigation.ts";
import styles from "./dashboard-page.module.css";

/**
 * The top of /dashboard: the greeting, then the intro. Without a name it is also the frame the page shows
 * while the session is checked, prerendered (APP_SHELL_ROUTES in app/prerender-routes.ts) so a phone paints
 * it before the app's scripts run (issue 41): it holds nothing of the person's, and takes the same place the
 * signed-in page does, so nothing moves when the person's part arrives.
 */
export function DashboardHomeFrame({ name, notice }: { name?: string | undefined; notice?: ReactNode }) {
  return (
    <>
      <header className={styles.userHeader}>
        <h1 className={styles.greeting}>{name ? `Ciao, ${name}` : "Ciao"}</h1>
        <Link to={PROFILE_INFO_PATH} className={styles.editLink}>
          Modifica i tuoi dati
        </Link>
      </header>
      {notice}
      <p className={styles.intro}>
        Questa è la tua area personale: da qui segui le tue pratiche e tieni aggiornati i tuoi dati. Trattiamo
        i tuoi dati in modo riservato, come spiega l'<Link to={PRIVACY_PATH}>informativa sulla privacy</Link>.
      </p>
    </>
  );
}

/** Where the role's part comes, until it has its code and its first lists. */
export function DashboardPartLoading() {
  return <p>Caricamento…</p>;
}
