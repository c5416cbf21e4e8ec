import { Link, useLocation } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { DASHBOARD_PATH } from "../../shared/navigation/navigation.ts";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import styles from "./dashboard-page.module.css";
import { dashboardSections } from "./dashboard-sections.ts";

/**
 * Any /dashboard path whose screen has not landed yet (practices and orders come with later issues): an
 * honest message inside the dashboard, never placeholder data.
 */
export function SectionUnavailablePage() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const section = dashboardSections(user?.roles ?? []).find(
    (candidate) =>
      candidate.to !== DASHBOARD_PATH &&
      (pathname === candidate.to || pathname.startsWith(`${candidate.to}/`)),
  );
  return (
    <TitledSection
      title={section?.label ?? "Sezione non disponibile"}
      level={1}
      titleClassName={styles.title}
    >
      <p className={styles.text}>
        Questa sezione non è ancora disponibile. Ci stiamo lavorando: quando sarà pronta la troverai qui,
        senza bisogno di fare nulla.
      </p>
      <p className={styles.text}>
        Se hai bisogno di aiuto adesso, scrivici dall'indirizzo indicato in fondo alla pagina: ti rispondiamo
        noi.
      </p>
      <p>
        <Link to={DASHBOARD_PATH}>Torna alla tua area personale</Link>
      </p>
    </TitledSection>
  );
}
