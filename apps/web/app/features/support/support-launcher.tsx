import { canWorkSupportInbox } from "@argine/core/chat/policy";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { SUPPORT_CHAT_HASH } from "../../shared/navigation/navigation.ts";
import styles from "./launcher.module.css";

// The support chat's launcher (ADR 030), on every page: the window's code loads only when it is first opened,
// so the public pages' first load carries this button and nothing more. Staff answer from the inbox instead.

const SupportPanel = lazy(() =>
  import("./support-panel.tsx").then((module) => ({ default: module.SupportPanel })),
);

export function SupportLauncher() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const { hash } = useLocation();
  const navigate = useNavigate();
  // A page's "chat di assistenza" link (#scrivi-al-team) opens the window.
  useEffect(() => {
    if (hash === SUPPORT_CHAT_HASH) setOpen(true);
  }, [hash]);
  if (canWorkSupportInbox(user?.roles)) return null;
  const close = () => {
    setOpen(false);
    // The link may open it again; and back to the button, once it is on the page again.
    if (hash === SUPPORT_CHAT_HASH) void navigate({ hash: "" }, { replace: true, preventScrollReset: true });
    setTimeout(() => launcher.current?.focus(), 0);
  };
  return open ? (
    <Suspense fallback={null}>
      <SupportPanel onClose={close} />
    </Suspense>
  ) : (
    <button
      ref={launcher}
      id={SUPPORT_CHAT_HASH.slice(1)}
      type="button"
      className={styles.launcher}
      onClick={() => setOpen(true)}
    >
      Scrivi al team
    </button>
  );
}
