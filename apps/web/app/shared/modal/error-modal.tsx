import { TRANSPORT_MESSAGES } from "@argine/core/shared/transport-messages";
import buttonStyles from "../ui/button.module.css";
import { Modal } from "./modal.tsx";

/** The id the async layer opens the error modal with. */
export const ERROR_MODAL_ID = "error";

export interface ErrorModalProps {
  message?: unknown;
  onClose: () => void;
}

/** Shown when an async action fails (spec §4 "Async actions"): a calm title and the server's message. */
export function ErrorModal({ message, onClose }: ErrorModalProps) {
  const text =
    typeof message === "string" && message.trim() !== "" ? message : TRANSPORT_MESSAGES.unknownError;
  return (
    <Modal
      size="small"
      title={TRANSPORT_MESSAGES.genericError}
      onClose={onClose}
      footer={
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={onClose}>
          Ho capito
        </button>
      }
    >
      <p>{text}</p>
      <p>Puoi riprovare fra qualche minuto. Se il problema continua, scrivici: ti aiutiamo noi.</p>
    </Modal>
  );
}
