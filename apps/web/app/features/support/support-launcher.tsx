import { canWorkSupportInbox } from "@argine/core/support/policy";
import { SUPPORT_MAIL_LINK_HASH } from "@argine/core/support/support-routes";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { SUPPORT_CHAT_HASH } from "../../shared/navigation/navigation.ts";
import { writeSupportToken } from "../../shared/store/browser-storage.ts";
import styles from "./launcher.module.css";
import { useResumeFromMail } from "./support-queries.ts";

// The support chat's launcher (ADR 030), on every page: the window's code loads only when it is first opened,
// so the public pages' first load carries this button and nothing more. Staff answer from the inbox instead.
// The answer mail's link (`#riprendi-chat=…`) lands here: the thread opens in this browser, on any device.

const MAIL_LINK_PREFIX = `#${SUPPORT_MAIL_LINK_HASH}=`;

const SupportPanel = lazy(() =>
  import("./support-panel.tsx").then((module) => ({ default: module.SupportPanel })),
);

export function SupportLauncher() {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const launcher = useRef<HTMLButtonElement>(null);
  const { hash } = useLocation();
  const navigate = useNavigate();
  /** What the window says first: why the mail's link opened nothing. */
  const [notice, setNotice] = useState<string | null>(null);
  const { mutate: resume } = useResumeFromMail({ meta: { hideError: true } });
  const resumed = useRef<string | null>(null);
  // A page's "chat di assistenza" link (#scrivi-al-team) opens the window; the mail's link opens the thread.
  useEffect(() => {
    if (hash === SUPPORT_CHAT_HASH) setOpen(true);
    if (!hash.startsWith(MAIL_LINK_PREFIX)) return;
    const link = hash.slice(MAIL_LINK_PREFIX.length);
    // The link leaves the address at once: not in the history, not in a bookmark. Used once (a second run
    // of this effect must not spend it again).
    void navigate({ hash: "" }, { replace: true, preventScrollReset: true });
    if (resumed.current === link) return;
    resumed.current = link;
    resume(link, {
      onSuccess: (thread) => {
        if (thread.token) writeSupportToken(thread.token);
        setNotice(null);
        setOpen(true);
      },
      onError: (error) => {
        setNotice(error.message);
        setOpen(true);
      },
    });
  }, [hash, navigate, resume]);
  if (canWorkSupportInbox(user?.roles)) return null;
  const close = () => {
    setOpen(false);
    setNotice(null);
    // The link may open it again; and back to the button, once it is on the page again.
    if (hash === SUPPORT_CHAT_HASH) void navigate({ hash: "" }, { replace: true, preventScrollReset: true });
    setTimeout(() => launcher.current?.focus(), 0);
  };
  return open ? (
    <Suspense fallback={null}>
      <SupportPanel onClose={close} notice={notice} />
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
