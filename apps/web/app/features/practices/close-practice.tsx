import { canDelete } from "@argine/core/practices/lifecycle";
import { PRACTICE_STATUS } from "@argine/core/practices/practice-status";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { useNavigate } from "react-router";
import { CONFIRM_MODAL_ID } from "../../shared/modal/confirm-modal.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";
import { PRACTICES_PATH } from "../../shared/navigation/navigation.ts";
import { clearLastKnownPracticeId, readLastKnownPracticeId } from "../../shared/store/browser-storage.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { useClosePractice, useDeletePractice } from "./practice-queries.ts";
import { PracticeSection } from "./practice-section.tsx";
import styles from "./practices.module.css";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * The client closes the practice after confirming (spec §4): reopening needs the team. A practice still in
 * attesa, with nothing bought, can instead be deleted with its data.
 */
export function ClosePracticeSection({ practice }: { practice: PracticeDetail }) {
  const navigate = useNavigate();
  const modal = useModalStore();
  const close = useClosePractice(practice.practiceId);
  const remove = useDeletePractice(practice.practiceId, {
    onSuccess: () => {
      if (readLastKnownPracticeId() === practice.practiceId) clearLastKnownPracticeId();
      navigate(PRACTICES_PATH);
    },
  });

  if (practice.status === "CLOSED") {
    return (
      <PracticeSection title="Pratica conclusa">
        <p>Questa pratica è conclusa. Per riaprirla scrivi al team di Argine: ti rispondiamo noi.</p>
      </PracticeSection>
    );
  }
  if (!PRACTICE_STATUS.is(practice.status)) return null;

  const askToClose = () =>
    modal.open(CONFIRM_MODAL_ID, {
      title: "Vuoi chiudere la pratica?",
      message: `La pratica ${practice.ticketCode} sarà conclusa. Per riaprirla dovrai contattare il team di Argine.`,
      confirmLabel: "Sì, chiudi la pratica",
      onConfirm: () => close.mutateAsync(),
    });
  const askToDelete = () =>
    modal.open(CONFIRM_MODAL_ID, {
      title: "Vuoi eliminare la pratica?",
      message: `La pratica ${practice.ticketCode}, con le risposte del questionario e i messaggi, sarà cancellata e non si potrà recuperare.`,
      confirmLabel: "Sì, elimina la pratica",
      onConfirm: () => remove.mutateAsync(),
    });

  return (
    <PracticeSection title="Chiudi la pratica">
      <p>
        Se il problema è risolto puoi chiudere la pratica. Una volta chiusa, per riaprirla dovrai contattare
        il team di Argine.
      </p>
      <div className={styles.actions}>
        <button type="button" className={SECONDARY} onClick={askToClose}>
          Chiudi la pratica
        </button>
        {canDelete(practice.status) ? (
          <button type="button" className={SECONDARY} onClick={askToDelete}>
            Elimina la pratica
          </button>
        ) : null}
      </div>
    </PracticeSection>
  );
}
