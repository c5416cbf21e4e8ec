import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { config } from "../../config.ts";
import { useAuthPending, useCurrentUser } from "../../shared/async/auth-state.ts";
import { MAIN_MENU, QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import { MOBILE_MEDIA_QUERY } from "../../shared/ui/breakpoints.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { ExternalLink } from "../../shared/ui/external-link.tsx";
import { lockScroll } from "../../shared/ui/scroll-lock.ts";
import { AccountMenu } from "./account-menu.tsx";
import styles from "./header.module.css";
import { LoginLink } from "./login-link.tsx";

/**
 * The account slot (spec §2): nothing while the session check is pending, the login button when signed out,
 * the account menu when signed in.
 */
function AccountSlot({ className }: { className: string }) {
  const auth = useAuthPending();
  const user = useCurrentUser();
  if (auth.pending) return null;
  if (!auth.authenticated) return <LoginLink className={className} />;
  return <AccountMenu name={user?.name ?? ""} roles={user?.roles} />;
}

/**
 * The site header: logo, main menu, the call to action to the free questionnaire and the account slot.
 * Below 768px the menu collapses behind a toggle; while it is open the page does not scroll.
 */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname, search, hash } = useLocation();

  // Close the menu whenever the user goes somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location is the trigger, not an input
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname, search, hash]);

  // While the mobile menu is open: lock page scrolling, close on Escape (focus back on the toggle), and
  // close if the window grows past the mobile breakpoint.
  useEffect(() => {
    if (!menuOpen) return;
    const unlock = lockScroll();
    const media = window.matchMedia?.(MOBILE_MEDIA_QUERY);
    const onMediaChange = () => {
      if (!media?.matches) setMenuOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    media?.addEventListener?.("change", onMediaChange);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      media?.removeEventListener?.("change", onMediaChange);
      document.removeEventListener("keydown", onKeyDown);
      unlock();
    };
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true" />
          {config.brandName}
          <span className="visually-hidden"> — pagina iniziale</span>
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.toggleIcon} aria-hidden="true" data-open={menuOpen} />
          Menu
        </button>

        <div id={menuId} className={styles.panel} data-open={menuOpen}>
          <nav aria-label="Menu principale" className={styles.nav}>
            <ul className={styles.menu}>
              {MAIN_MENU.map((item) => (
                <li key={item.label}>
                  {item.external ? (
                    <ExternalLink href={item.to} className={styles.menuLink}>
                      {item.label}
                    </ExternalLink>
                  ) : (
                    <NavLink to={item.to} className={styles.menuLink}>
                      {item.label}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.actions}>
            <Link to={QUESTIONNAIRE_PATH} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
              Questionario gratuito
            </Link>
            <AccountSlot className={`${buttonStyles.button} ${buttonStyles.secondary}`} />
          </div>
        </div>
      </div>
    </header>
  );
}
