import headingStyles from "../../shared/ui/heading.module.css";
import reassure from "../../shared/ui/reassurance.module.css";
import { useHydrated } from "../../shared/ui/use-hydrated.ts";
import styles from "./feedback.module.css";
import { forgetFeedback, useFeedbackMemory } from "./feedback-memory.ts";
import { FeedbackResultView } from "./feedback-result.tsx";
import { Questionnaire } from "./questionnaire.tsx";
import { STEP_COUNT } from "./questionnaire-steps.ts";
import { UrgentHelp } from "./urgent-help.tsx";

// /feedback (spec §2): a prerendered introduction — what the questionnaire is, that it is free, short and
// confidential — that hydrates into the questionnaire, and the result in its place once sent.

function Intro() {
  return (
    <div className={styles.intro}>
      <p className={reassure.lead}>
        Rispondi ad alcune domande su quello che ti sta succedendo: ti diremo subito se i fatti sembrano un
        reato, entro quando puoi agire e che cosa puoi fare.
      </p>
      <ul className={reassure.reassurance}>
        <li>È gratuito e non serve registrarsi.</li>
        <li>Bastano pochi minuti, in {STEP_COUNT} brevi passi.</li>
        <li>
          Le tue risposte restano riservate: finché non le invii, le tiene solo questa scheda del browser.
        </li>
        <li>Puoi fermarti quando vuoi e rispondere solo a quello che sai.</li>
      </ul>
      <p className={reassure.gentle}>
        <strong>Non è colpa tua.</strong> Qualunque cosa tu stia vivendo, hai il diritto di difenderti e di
        chiedere aiuto.
      </p>
      <p className={styles.note}>
        Puoi tornare indietro o ricaricare la pagina senza perdere le risposte. Chiudendo la scheda, o con
        «Esci subito», si cancellano. Sono obbligatorie solo le domande contrassegnate con{" "}
        <span aria-hidden="true">*</span>
        <span className="visually-hidden">asterisco</span>.
      </p>
      <p className={styles.dangerLine}>
        Se sei in pericolo adesso, chiama il <a href="tel:112">112</a>.
      </p>
    </div>
  );
}

export function FeedbackPage() {
  const hydrated = useHydrated();
  const submission = useFeedbackMemory((memory) => memory.submission);

  if (hydrated && submission) {
    return (
      <div className={styles.page}>
        <FeedbackResultView submission={submission} onRestart={forgetFeedback} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={headingStyles.columnHeader}>
        <p className={headingStyles.columnEyebrow}>Questionario gratuito</p>
        <h1 className={headingStyles.columnTitle}>Raccontaci che cosa è successo</h1>
      </header>
      {hydrated ? (
        <Questionnaire intro={<Intro />} />
      ) : (
        <>
          <Intro />
          <p className={styles.loading}>Caricamento del questionario…</p>
          <noscript>
            <p className={styles.note}>
              Per compilare il questionario serve JavaScript: attivalo nelle impostazioni del browser e
              ricarica la pagina.
            </p>
          </noscript>
        </>
      )}
      <UrgentHelp />
    </div>
  );
}
