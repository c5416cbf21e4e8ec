import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
} from "react";
import { createPortal } from "react-dom";
import { lockScroll } from "../ui/scroll-lock.ts";
import styles from "./modal.module.css";

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Actions at the bottom (buttons). */
  footer?: ReactNode;
  /** "small": max width 500px (spec §9). */
  size?: "small" | "default";
  /** Label of the × button in the corner. */
  closeLabel?: string;
}

/** Spec §6: modal colours distinguish lawyer and admin. The app shell provides the signed-in staff role. */
export type ModalTone = "lawyer" | "admin" | null;
export const ModalToneContext = createContext<ModalTone>(null);

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, summary, [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute("inert") && element.getAttribute("aria-hidden") !== "true",
  );
}

/** A dialog's Tab and Shift+Tab go round its own controls, never into the page behind it. */
export function keepTabInside(event: KeyboardEvent, dialog: HTMLElement): void {
  if (event.key !== "Tab") return;
  const focusable = focusableIn(dialog);
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * An accessible modal dialog: role=dialog + aria-modal, labelled by its title, focus moved inside on open,
 * Tab and Shift+Tab kept inside, Escape closes, focus returned to where it was on close, page scroll locked.
 * The rest of the page is made inert by the app shell while a modal is open. Drawn at the end of <body>, so
 * a modal opened from deep in a page (a service card) keeps its h2 out of that page's heading outline.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = "default",
  closeLabel = "Chiudi",
}: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const tone = useContext(ModalToneContext);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    const unlock = lockScroll();
    return () => {
      unlock();
      // Give focus back to the control that opened the dialog, if it is still on the page.
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    if (dialogRef.current) keepTabInside(event, dialogRef.current);
  }

  return createPortal(
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        className={[styles.dialog, size === "small" ? styles.small : "", tone ? styles[tone] : ""]
          .filter(Boolean)
          .join(" ")}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{closeLabel}</span>
          </button>
        </div>
        <div id={bodyId} className={styles.body}>
          {children}
        </div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
