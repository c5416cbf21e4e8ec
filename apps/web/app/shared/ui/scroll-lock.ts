// Page scroll lock shared by the mobile menu and the modals. Reference-counted so two owners never unlock
// each other; it toggles a class on <html> (styled in app/styles/global.css) because the CSP forbids inline
// styles.

export const SCROLL_LOCK_CLASS = "scroll-locked";

let locks = 0;

/** Locks page scrolling and returns the matching unlock function (idempotent). */
export function lockScroll(): () => void {
  locks += 1;
  apply();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks = Math.max(0, locks - 1);
    apply();
  };
}

function apply(): void {
  if (typeof document === "undefined") return;
  document.documentElement.classList.toggle(SCROLL_LOCK_CLASS, locks > 0);
}
