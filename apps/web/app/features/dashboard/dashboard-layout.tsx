import { type RefObject, useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { DASHBOARD_PATH } from "../../shared/navigation/navigation.ts";
import { RequireAuth } from "../identity/public.ts";
import { DashboardHomeFrame, DashboardPartLoading } from "./dashboard-home-frame.tsx";
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

/** On a phone the sections are one row that scrolls sideways: the current one is brought into it. */
function useCurrentSectionInView(list: RefObject<HTMLUListElement | null>, shown: boolean) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path and the list's arrival are the triggers
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    // The first section is in view as the row starts: nothing to measure (a measure lays the page out).
    if (!row || !current || row.firstElementChild?.contains(current)) return;
    const outside =
      current.offsetLeft < row.scrollLeft ||
      current.offsetLeft + current.offsetWidth > row.scrollLeft + row.clientWidth;
    if (outside) row.scrollLeft = current.offsetLeft;
  }, [pathname, shown]);
}

/**
 * /dashboard/*: signed-in users only, with the area's own navigation beside the page. The frame (the area's
 * title, and on /dashboard the greeting and the intro) is drawn while the session is checked; the sections,
 * which depend on the person's roles, and the page itself only once it is confirmed.
 */
export function DashboardLayout() {
  useScrollToTopOnPathChange();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const list = useRef<HTMLUListElement>(null);
  useCurrentSectionInView(list, user !== null);
  return (
    <div className={styles.layout}>
      <nav aria-labelledby="dashboard-nav-title" className={styles.nav}>
        <p id="dashboard-nav-title" className={styles.navTitle}>
          Area personale
        </p>
        {/* The row keeps its height before the sections come, so the page below does not move. */}
        <div className={styles.navRow}>
          {user ? (
            <ul ref={list} className={styles.navList}>
              {dashboardSections(user.roles).map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={section.to === DASHBOARD_PATH} className={styles.navLink}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </nav>
      <div className={styles.content}>
        <RequireAuth
          pending={
            pathname === DASHBOARD_PATH ? (
              <>
                <DashboardHomeFrame />
                <DashboardPartLoading />
              </>
            ) : null
          }
        >
          <Outlet />
        </RequireAuth>
      </div>
    </div>
  );
}
