import { canWorkSupportInbox } from "@argine/core/chat/policy";
import { lazy, Suspense, useRef, useState } from "react";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
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
  if (canWorkSupportInbox(user?.roles)) return null;
  const close = () => {
    setOpen(false);
    // Back to the button, once it is on the page again.
    setTimeout(() => launcher.current?.focus(), 0);
  };
  return open ? (
    <Suspense fallback={null}>
      <SupportPanel onClose={close} />
    </Suspense>
  ) : (
    <button ref={launcher} type="button" className={styles.launcher} onClick={() => setOpen(true)}>
      Scrivi al team
    </button>
  );
}
