import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import {
  ANALYTICS_CONSENT_COOKIE,
  analyticsConsent,
  saveAnalyticsConsent,
  trackEvent,
} from "../../shared/data-layer/data-layer.ts";
import { createStore, useStore } from "../../shared/store/create-store.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import styles from "./cookie-notice.module.css";

/**
 * Whether the notice is open: when no choice is recorded, or when asked from the footer. `null` until the
 * choice is read once hydrated: the prerendered HTML carries the notice (it is the largest text of a phone's
 * first screen, so painted late it was the LCP, issue 41) and the inline check below hides it at once when a
 * choice is recorded.
 */
const noticeStore = createStore<{ open: boolean | null; focus: boolean }>({ open: null, focus: false });

/** Hides the prerendered notice, from inside it, before its first paint when the cookie holds a choice. */
const HIDE_WHEN_CHOSEN = `if(/(^|;\\s*)${ANALYTICS_CONSENT_COOKIE}=/.test(document.cookie))document.currentScript.parentNode.hidden=true`;

/** The footer's "Preferenze cookie" link: shows the notice again, focused, to change the choice. */
export function reopenCookieNotice() {
  noticeStore.setState({ open: true, focus: true });
}

/**
 * The cookie notice (spec §9): technical cookies always, analytical cookies only if accepted. Fixed at the
 * bottom, so it never shifts the page; not a dialog, so it never traps a visitor who needs to leave.
 */
export function CookieNotice() {
  const { open, focus } = useStore(noticeStore, (state) => state);
  const { pathname } = useLocation();
  const userId = useCurrentUser()?.id;
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (noticeStore.getState().open === null)
      noticeStore.setState({ open: analyticsConsent() === null, focus: false });
  }, []);

  useEffect(() => {
    if (open && focus) regionRef.current?.focus();
  }, [open, focus]);

  if (open === false) return null;

  function choose(accepted: boolean) {
    saveAnalyticsConsent(accepted);
    noticeStore.setState({ open: false, focus: false });
    // The page the visitor is on counts once they agree.
    if (accepted) trackEvent("page_view", userId, { path: pathname });
  }

  return (
    <section ref={regionRef} tabIndex={-1} className={styles.notice} aria-labelledby="cookie-notice-title">
      <h2 id="cookie-notice-title" className={styles.title}>
        Cookie su questo sito
      </h2>
      <p className={styles.text}>
        Usiamo cookie tecnici, necessari perché il sito funzioni e resti sicuro. Con il tuo permesso usiamo
        anche cookie analitici, solo per capire quali pagine aiutano di più: nessuna pubblicità, nessuna
        profilazione. <Link to="/cookie">Leggi la cookie policy</Link>.
      </p>
      <div className={styles.actions}>
        {/* Before hydration a click could not record the choice: the buttons wait rather than ignore it. */}
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          disabled={open === null}
          onClick={() => choose(true)}
        >
          Accetta i cookie analitici
        </button>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={open === null}
          onClick={() => choose(false)}
        >
          Solo cookie tecnici
        </button>
      </div>
      {open === null ? (
        // The API allows exactly the inline scripts of each prerendered page (their hashes in its CSP).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this module, no input in it
        <script dangerouslySetInnerHTML={{ __html: HIDE_WHEN_CHOSEN }} />
      ) : null}
    </section>
  );
}
