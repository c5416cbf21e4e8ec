import { useEffect, useRef, useState } from "react";
import { Modal } from "../../shared/modal/modal.tsx";
import buttonStyles from "../../shared/ui/button.module.css";
import { useEndSessionHere } from "./end-session.ts";
import { createIdleTimer } from "./idle-timer.ts";
import { useAuthConfig } from "./use-auth-config.ts";

// The personal area's idle sign-out (issue 37): on a shared phone or computer, a session left open is the
// victim's data left open. After the API's idleSignOutSeconds without activity (15 minutes unless configured)
// a calm warning a minute before, then the sign-out, to the login page with a notice why.

/** What counts as someone being there; the page shown again too (visibilitychange). */
const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "touchstart", "scroll", "wheel"] as const;
/** Activity is told to the other tabs at most this often. */
const SHARE_EVERY_MS = 5_000;
const CHANNEL = "argine-activity";
const DEFAULT_IDLE_SECONDS = 900;
const WARN_MS = 60_000;

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

export function idleNotice(idleSeconds: number): string {
  return `Per proteggere i tuoi dati sei uscita/o dall'account dopo ${minutes(idleSeconds)} minuti senza attività. Puoi accedere di nuovo quando vuoi.`;
}

export function IdleSignOut() {
  const { config } = useAuthConfig();
  const idleSeconds = config?.idleSignOutSeconds ?? DEFAULT_IDLE_SECONDS;
  const [warning, setWarning] = useState(false);
  const endSession = useEndSessionHere();
  const endRef = useRef(endSession);
  endRef.current = endSession;
  const stayRef = useRef<() => void>(() => {});

  useEffect(() => {
    const idleMs = idleSeconds * 1000;
    const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    const timer = createIdleTimer({
      idleMs,
      warnMs: Math.min(WARN_MS, idleMs / 2),
      onWarn: () => setWarning(true),
      onActive: () => setWarning(false),
      onIdle: () => {
        setWarning(false);
        void endRef.current(idleNotice(idleSeconds), { endDevice: true });
      },
    });
    let sharedAt = 0;
    const active = () => {
      timer.activity();
      const at = Date.now();
      if (at - sharedAt < SHARE_EVERY_MS) return;
      sharedAt = at;
      channel?.postMessage({ at });
    };
    stayRef.current = () => {
      sharedAt = 0; // "Resta collegata/o" reaches the other tabs at once
      active();
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      timer.check(); // back after a long sleep: the end first
      active();
    };
    channel?.addEventListener("message", (event: MessageEvent<{ at?: unknown }>) => {
      if (typeof event.data?.at === "number") timer.activityAt(Math.min(event.data.at, Date.now()));
    });
    for (const name of ACTIVITY_EVENTS)
      window.addEventListener(name, active, { passive: true, capture: true });
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      timer.stop();
      channel?.close();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, active, { capture: true });
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [idleSeconds]);

  if (!warning) return null;
  return <IdleWarning onStay={() => stayRef.current()} />;
}

function IdleWarning({ onStay }: { onStay: () => void }) {
  const stayButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // After the dialog's own focus move (the Modal focuses itself when it opens): straight to the answer.
    const focus = setTimeout(() => stayButton.current?.focus(), 0);
    return () => clearTimeout(focus);
  }, []);
  return (
    <Modal
      size="small"
      title="Sei ancora lì?"
      closeLabel="Resta collegata/o"
      onClose={onStay}
      footer={
        <button
          ref={stayButton}
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          onClick={onStay}
        >
          Resta collegata/o
        </button>
      }
    >
      <p aria-live="assertive">
        Non vediamo attività da un po'. Per proteggere i tuoi dati, tra un minuto usciremo dal tuo account.
      </p>
    </Modal>
  );
}
