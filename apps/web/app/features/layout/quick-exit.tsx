import { useEffect } from "react";
import { oidcClient } from "../auth/auth-session.ts";
import { clearAllLocalKeys } from "../store/browser-storage.ts";
import styles from "./quick-exit.module.css";

/** A neutral site that gives nothing away. */
export const QUICK_EXIT_URL = "https://www.google.it";

/** How close together three Escape presses must be to leave the site. */
export const TRIPLE_ESCAPE_WINDOW_MS = 1500;

/**
 * Leaves the site at once: `location.replace` swaps the current history entry for the neutral site, so the
 * Back button does not bring this page back. The session of this tab is forgotten first (tokens, local
 * keys except debugMode): going Back to an earlier page of the site, or retyping its address, shows no
 * personal area to whoever picks up the device. Signing in again is the price of that safety.
 */
export function quickExit(): void {
  try {
    oidcClient.abandon();
    clearAllLocalKeys();
  } catch {
    // Leaving matters more than tidying up.
  }
  window.location.replace(QUICK_EXIT_URL);
}

/** Listens for Escape pressed three times within TRIPLE_ESCAPE_WINDOW_MS anywhere on the page. */
function useTripleEscape(onTriple: () => void) {
  useEffect(() => {
    let presses: number[] = [];
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape" || event.repeat) return;
      const now = Date.now();
      presses = [...presses.filter((time) => now - time < TRIPLE_ESCAPE_WINDOW_MS), now];
      if (presses.length >= 3) {
        presses = [];
        onTriple();
      }
    }
    // Capture phase: a dialog or menu handling Escape must not swallow the presses.
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [onTriple]);
}

/**
 * The "Esci subito" bar, on every page and always in reach (sticky): one click, or Escape three times,
 * replaces the page with a neutral site.
 */
export function QuickExit() {
  useTripleEscape(quickExit);
  return (
    <aside className={styles.bar} aria-label="Uscita rapida">
      <p className={styles.hint}>
        Devi chiudere in fretta? <span className={styles.keys}>Premi Esc tre volte o</span>
      </p>
      <button type="button" className={styles.button} onClick={quickExit} aria-describedby="quick-exit-hint">
        Esci subito
      </button>
      <span id="quick-exit-hint" className="visually-hidden">
        Apre un sito neutro al posto di questa pagina. Puoi anche premere Esc tre volte.
      </span>
    </aside>
  );
}
