import type { RoleList } from "@argine/core/identity/roles";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { accountMenu, LOGOUT_PATH } from "../../shared/navigation/navigation.ts";
import styles from "./account-menu.module.css";

type FocusTarget = "first" | "last";

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/**
 * The signed-in user's account menu (spec §2): a menu button (aria-haspopup, aria-expanded, aria-controls)
 * opening the client's five entries in the spec's order, logout fifth (staff's fewer: navigation's
 * accountMenu). Arrow keys, Home and End move between the
 * entries, Escape closes and gives focus back to the button, Tab or a click elsewhere closes it.
 */
export function AccountMenu({ name, roles }: { name: string; roles: RoleList }) {
  const [open, setOpen] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>("first");
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const { pathname } = useLocation();
  const label = name.trim();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menuRef.current);
    (focusTarget === "last" ? list.at(-1) : list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, focusTarget]);

  function openAt(target: FocusTarget) {
    setFocusTarget(target);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openAt("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAt("last");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = menuItems(menuRef.current);
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusAt(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusAt(0);
        break;
      case "End":
        event.preventDefault();
        focusAt(list.length - 1);
        break;
      case "Escape":
        // Only this menu closes (not the mobile panel around it); the quick exit still counts the press.
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case "Tab":
        setOpen(false);
        break;
      default:
        break;
    }
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt("first"))}
        onKeyDown={onButtonKeyDown}
      >
        <span className={styles.avatar} aria-hidden="true">
          {label ? label.charAt(0).toUpperCase() : "?"}
        </span>
        <span className={styles.name}>{label || "Il tuo account"}</span>
        {label ? <span className="visually-hidden">, il tuo account</span> : null}
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className={styles.menu}
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        {accountMenu(roles).map((item) => (
          <Link
            key={item.to}
            role="menuitem"
            tabIndex={-1}
            to={item.to}
            className={item.to === LOGOUT_PATH ? `${styles.item} ${styles.separated}` : styles.item}
            onClick={() => setOpen(false)}
          >
            {item.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
