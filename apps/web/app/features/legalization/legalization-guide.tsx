import {
  FILE_GENERATION_MAX_HOURS,
  LEGALIZATION_PREPARATION_MAX_MS,
  VIDEO_CAPTURE_MARGIN_SECONDS,
} from "@argine/core/shared/constants";
import type { ReactNode } from "react";
import styles from "./legalization.module.css";

// How a capture goes, step by step, each step with a small drawing of what the client sees then (inline SVG:
// no request, no weight to speak of). The drawings repeat what each step's text says, so they are hidden
// from screen readers, which read the text.

const PREPARING_MINUTES = LEGALIZATION_PREPARATION_MAX_MS / 60_000;

/** A step's drawing: its canvas, hidden from screen readers. */
function Drawing({ children }: { children: ReactNode }) {
  return (
    <svg
      className={styles.guideArt}
      viewBox="0 0 120 80"
      width="120"
      height="80"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A browser window: its frame and address bar, and what it shows inside. */
function Window({ children }: { children: ReactNode }) {
  return (
    <Drawing>
      <rect x="2" y="2" width="116" height="76" rx="6" className={styles.artFrame} />
      <path d="M2 16h116" className={styles.artLine} />
      <circle cx="10" cy="9" r="2" className={styles.artDot} />
      <circle cx="17" cy="9" r="2" className={styles.artDot} />
      <circle cx="24" cy="9" r="2" className={styles.artDot} />
      {children}
    </Drawing>
  );
}

const STEPS: { title: string; text: ReactNode; art: ReactNode }[] = [
  {
    title: "Scrivi l'indirizzo",
    text: "Copia l'indirizzo della pagina dove è avvenuta l'offesa, incollalo qui sotto e avvia la legalizzazione.",
    art: (
      <Window>
        <rect x="12" y="30" width="96" height="14" rx="3" className={styles.artField} />
        <path d="M18 37h52" className={styles.artText} />
        <rect x="12" y="52" width="44" height="14" rx="7" className={styles.artButton} />
      </Window>
    ),
  },
  {
    title: "Attendi l'ambiente sicuro",
    text: `Prepariamo un browser protetto che registra tutto ciò che mostri: ci vogliono fino a ${PREPARING_MINUTES} minuti. Non chiudere la pagina.`,
    art: (
      <Window>
        <circle cx="60" cy="47" r="17" className={styles.artField} />
        <path d="M60 36v11l8 5" className={styles.artText} />
      </Window>
    ),
  },
  {
    title: "Mostra i contenuti",
    text: `Apri la pagina nel browser protetto e scorri i post, i commenti o i messaggi da conservare. Per un video, registra anche i ${VIDEO_CAPTURE_MARGIN_SECONDS} secondi prima e dopo il momento importante.`,
    art: (
      <Window>
        <circle cx="108" cy="9" r="3" className={styles.artRecord} />
        <rect x="12" y="24" width="60" height="8" rx="2" className={styles.artField} />
        <rect x="12" y="38" width="96" height="10" rx="2" className={styles.artField} />
        <rect x="12" y="54" width="80" height="10" rx="2" className={styles.artField} />
        <path d="M112 26v40" className={styles.artText} />
      </Window>
    ),
  },
  {
    title: "Termina e ricevi i file",
    text: `Premi «Termina l'acquisizione». I file con valore legale, con il rapporto che ne riporta l'impronta, saranno pronti entro ${FILE_GENERATION_MAX_HOURS} ore: ti scriviamo un'email e li conserviamo per un anno.`,
    art: (
      <Drawing>
        <path d="M30 8h36l14 14v50H30z" className={styles.artFrame} />
        <path d="M66 8v14h14" className={styles.artLine} />
        <path d="M38 34h32M38 44h32M38 54h20" className={styles.artText} />
        <circle cx="86" cy="60" r="13" className={styles.artDone} />
        <path d="M80 60l4 4 8-9" className={styles.artCheck} />
      </Drawing>
    ),
  },
];

/** The guide before a capture: four steps, each drawn. */
export function LegalizationGuide() {
  return (
    <>
      <h4>Come funziona</h4>
      <ol className={styles.guide}>
        {STEPS.map((step) => (
          <li key={step.title} className={styles.guideStep}>
            {step.art}
            <div>
              <p className={styles.guideTitle}>{step.title}</p>
              <p className={styles.guideText}>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
