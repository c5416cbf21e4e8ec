import { type SyntheticEvent, useEffect } from "react";
import { Link } from "react-router";
import { oidcClient } from "../../features/identity/auth-session.ts";
import { closeThreadOnQuickExit } from "../../features/support/public.ts";
import { QUICK_EXIT_EVENT } from "../../shared/live/quick-exit-event.ts";
import {
  clearAllLocalKeys,
  clearAllSessionKeys,
  forgetSharedFiles,
  readSupportToken,
} from "../../shared/store/browser-storage.ts";
import styles from "./quick-exit.module.css";

/** A neutral site that gives nothing away. */
export const QUICK_EXIT_URL = "https://www.google.it";

/** GOV.UK's "Exit this page" pattern: Shift pressed three times, each within this time of the previous. */
export const SHIFT_PRESS_WINDOW_MS = 5000;

/** The page that explains the quick exit and gives safety advice. */
export const QUICK_EXIT_INFO_PATH = "/esci-subito";

/**
 * Leaves the site at once: `location.replace` swaps the current history entry for the neutral site, so the
 * Back button does not bring this page back. The page is blanked first, so nothing stays readable while
 * the neutral site loads. The session of this tab is forgotten (tokens, local keys except debugMode, the
 * session keys: the questionnaire's answers in progress and the claim of the one submitted): going Back
 * to an earlier page of the site, or retyping its address, shows no personal area and no answer to
 * whoever picks up the device. Signing in again is the price of that safety. A visitor's support thread is
 * closed on the server too (ADR 030): staff see she left, and only the answer mail's link opens it again.
 * The files the phone shared with the diary and no episode took yet are deleted (the diary's cached
 * queries go with QUICK_EXIT_EVENT).
 */
export function quickExit(): void {
  try {
    document.documentElement.classList.add("quick-exiting");
    oidcClient.abandon();
    const supportToken = readSupportToken();
    if (supportToken) closeThreadOnQuickExit(supportToken);
    // The live socket closes; the visitor's support token goes with the other local keys.
    window.dispatchEvent(new Event(QUICK_EXIT_EVENT));
    clearAllLocalKeys();
    clearAllSessionKeys();
    forgetSharedFiles();
  } catch {
    // Leaving matters more than tidying up.
  }
  window.location.replace(QUICK_EXIT_URL);
}

/**
 * Listens for the Shift key pressed three times in a row anywhere on the page, each press within
 * SHIFT_PRESS_WINDOW_MS of the previous one; any other key in between starts the count again, so typing
 * capital letters never triggers it.
 */
function useTripleShift(onTriple: () => void) {
  useEffect(() => {
    let count = 0;
    let last = 0;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Shift") {
        count = 0;
        return;
      }
      if (event.repeat) return;
      const now = Date.now();
      count = now - last <= SHIFT_PRESS_WINDOW_MS ? count + 1 : 1;
      last = now;
      if (count >= 3) {
        count = 0;
        onTriple();
      }
    }
    // Capture phase: a dialog or menu handling keys must not swallow the presses.
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [onTriple]);
}

/**
 * A browser that kept the page in its back-forward cache would show it again, blanked, on Back: load it
 * afresh instead, from storage the quick exit has emptied.
 */
function useFreshAfterQuickExit() {
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted && document.documentElement.classList.contains("quick-exiting")) {
        window.location.reload();
      }
    }
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
}

/**
 * The "Esci subito" bar, on every page and always in reach (sticky): one click, or Shift three times,
 * replaces the page with a neutral site.
 */
export function QuickExit() {
  useTripleShift(quickExit);
  useFreshAfterQuickExit();
  const leave = (event: SyntheticEvent) => {
    event.preventDefault();
    quickExit();
  };
  return (
    <aside className={styles.bar} aria-label="Uscita rapida">
      <p className={styles.hint}>
        <span className={styles.keys}>Premi tre volte Maiusc (Shift) o usa il pulsante · </span>
        <Link to={QUICK_EXIT_INFO_PATH} className={styles.info}>
          Come funziona
        </Link>
      </p>
      {/* A link to the neutral site, as GOV.UK's "Exit this page": it leaves even before the page's scripts
          have started; once they have, the click replaces the history entry instead of adding one. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a real link, so it works before the scripts; a button to assistive tech, as GOV.UK's */}
      <a
        href={QUICK_EXIT_URL}
        role="button"
        rel="noreferrer"
        className={styles.button}
        onClick={leave}
        onKeyDown={(event) => {
          if (event.key === " ") leave(event);
        }}
        aria-describedby="quick-exit-hint"
      >
        Esci subito
      </a>
      <span id="quick-exit-hint" className="visually-hidden">
        Apre un sito neutro al posto di questa pagina. Puoi anche premere tre volte il tasto Maiusc.
      </span>
    </aside>
  );
}
