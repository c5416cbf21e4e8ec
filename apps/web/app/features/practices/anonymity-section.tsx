import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { CONFIRM_MODAL_ID } from "../../shared/modal/confirm-modal.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { useSetAnonymity } from "./practice-queries.ts";
import { PracticeSection } from "./practice-section.tsx";
import styles from "./practices.module.css";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * The client decides whether lawyers see who she is (ADR 038): with it on, her name, contacts and billing data
 * leave the staff's views, searches, letters and mails, until she lifts it here.
 */
export function AnonymitySection({ practice }: { practice: PracticeDetail }) {
  const modal = useModalStore();
  const change = useSetAnonymity(practice.practiceId);
  const ask = (anonymous: boolean) =>
    modal.open(CONFIRM_MODAL_ID, {
      title: anonymous
        ? "Vuoi nascondere la tua identità agli avvocati?"
        : "Vuoi mostrare la tua identità agli avvocati?",
      message: anonymous
        ? "Gli avvocati non vedranno più il tuo nome, i tuoi contatti e i tuoi dati di fatturazione su questa pratica, finché non deciderai tu di mostrarli."
        : "Gli avvocati che lavorano la pratica vedranno il tuo nome, i tuoi contatti e i tuoi dati di fatturazione.",
      confirmLabel: anonymous ? "Sì, nascondi la mia identità" : "Sì, mostra la mia identità",
      onConfirm: () => change.mutateAsync(anonymous),
    });

  return (
    <PracticeSection title="Chi vede il tuo nome">
      {practice.anonymous ? (
        <>
          <p>
            <strong>Sei anonima/o per gli avvocati.</strong> Lavorano la pratica con ciò che hai raccontato,
            senza vedere il tuo nome, i tuoi contatti né i tuoi dati di fatturazione.
          </p>
          <p>
            Per accettare il mandato di difesa, o per una diffida scritta a tuo nome, l'avvocato deve sapere
            chi sei: in quel momento potrai mostrare la tua identità da qui.
          </p>
          <div className={styles.actions}>
            <button type="button" className={SECONDARY} onClick={() => ask(false)}>
              Mostra la mia identità agli avvocati
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            Gli avvocati che lavorano la pratica vedono il tuo nome e i tuoi contatti. Se preferisci, puoi
            nasconderli: li vedranno di nuovo solo quando lo deciderai tu.
          </p>
          <div className={styles.actions}>
            <button type="button" className={SECONDARY} onClick={() => ask(true)}>
              Nascondi la mia identità agli avvocati
            </button>
          </div>
        </>
      )}
    </PracticeSection>
  );
}
