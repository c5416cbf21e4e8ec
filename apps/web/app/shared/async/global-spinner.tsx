import { useAppState } from "./app-state.ts";
import styles from "./global-spinner.module.css";
import { useDelayedNavigation } from "./use-delayed-navigation.ts";

/**
 * The global loading indicator: shown while an async action is in flight (spinner instances > 0) or a
 * navigation takes longer than a second. The polite live region is always in the page so screen readers
 * announce "Caricamento…" when it fills; it never blocks the page.
 */
export function GlobalSpinner() {
  const isSpinning = useAppState((state) => state.spinner.isSpinning);
  const slowNavigation = useDelayedNavigation();
  const visible = isSpinning || slowNavigation;
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-atomic="true">
      {visible ? (
        <div className={styles.indicator} data-testid="global-spinner">
          <span className={styles.ring} aria-hidden="true" />
          <span>Caricamento…</span>
        </div>
      ) : null}
    </div>
  );
}
