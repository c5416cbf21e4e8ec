import { useState } from "react";
import buttonStyles from "../ui/button.module.css";
import { Modal } from "./modal.tsx";

/** The id a screen opens a confirmation with (modal store). */
export const CONFIRM_MODAL_ID = "confirm";

export interface ConfirmModalProps {
  title?: unknown;
  message?: unknown;
  confirmLabel?: unknown;
  /** Runs on "confirm"; the modal closes when it succeeds (a failure opens the error modal instead). */
  onConfirm?: unknown;
  onClose: () => void;
}

const text = (value: unknown, fallback: string) => (typeof value === "string" && value ? value : fallback);

/** "Are you sure?" before an action that cannot simply be undone (closing or deleting a practice). */
export function ConfirmModal({ title, message, confirmLabel, onConfirm, onClose }: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      if (typeof onConfirm === "function") await onConfirm();
      onClose();
    } catch {
      setBusy(false); // the async layer has already said what went wrong
    }
  };
  return (
    <Modal
      size="small"
      title={text(title, "Confermi?")}
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            onClick={onClose}
          >
            Annulla
          </button>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
            disabled={busy}
            onClick={confirm}
          >
            {text(confirmLabel, "Conferma")}
          </button>
        </>
      }
    >
      <p>{text(message, "")}</p>
    </Modal>
  );
}
