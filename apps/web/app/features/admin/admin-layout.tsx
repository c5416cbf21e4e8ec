import { canAdminister } from "@argine/core/identity/policy";
import { MESSAGES } from "@argine/core/shared/messages";
import { Link, NavLink, Outlet } from "react-router";
import adminStyles from "../../shared/admin/admin.module.css";
import { AdminPage } from "../../shared/admin/admin-ui.tsx";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { DASHBOARD_PATH } from "../../shared/navigation/navigation.ts";
import styles from "./admin-layout.module.css";
import { ADMIN_PATH, ADMIN_SECTIONS } from "./admin-paths.ts";

/**
 * /dashboard/admin/*: the nine sections behind tab-like links. Only admins see the workspace; anyone else
 * reads why (the API refuses them anyway, 403 on every call).
 */
export function AdminLayout() {
  const user = useCurrentUser();
  if (!user || !canAdminister(user.roles)) return <AdminNotAllowed />;
  return (
    <div className={styles.workspace}>
      <nav aria-labelledby="admin-nav-title">
        <p id="admin-nav-title" className={styles.eyebrow}>
          Amministrazione
        </p>
        <ul className={styles.tabs}>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.to === ADMIN_PATH} className={styles.tab}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export function AdminNotAllowed() {
  return (
    <AdminPage title="Area riservata">
      <p className={adminStyles.intro}>{MESSAGES.adminOnly}</p>
      <p>
        <Link to={DASHBOARD_PATH}>Torna alla tua area personale</Link>
      </p>
    </AdminPage>
  );
}
