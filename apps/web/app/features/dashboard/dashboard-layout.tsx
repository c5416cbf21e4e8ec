import { useEffect } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { DASHBOARD_PATH } from "../../shared/navigation/navigation.ts";
import { RequireAuth } from "../identity/public.ts";
import styles from "./dashboard-layout.module.css";
import { dashboardSections } from "./dashboard-sections.ts";

/** Spec §2 "Behaviours": paths under /dashboard scroll to the top when the path changes. */
function useScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
}

/** /dashboard/*: signed-in users only, with the area's own navigation beside the page. */
export function DashboardLayout() {
  useScrollToTopOnPathChange();
  const user = useCurrentUser();
  return (
    <RequireAuth>
      <div className={styles.layout}>
        <nav aria-labelledby="dashboard-nav-title" className={styles.nav}>
          <p id="dashboard-nav-title" className={styles.navTitle}>
            Area personale
          </p>
          <ul className={styles.navList}>
            {dashboardSections(user?.roles ?? []).map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.to === DASHBOARD_PATH} className={styles.navLink}>
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </RequireAuth>
  );
}
