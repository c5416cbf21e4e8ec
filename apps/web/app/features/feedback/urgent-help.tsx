import styles from "./feedback.module.css";

/** The numbers to call (the home page's urgent-help box has the same three, with more words). */
export const URGENT_NUMBERS = [
  { number: "112", text: "se sei in pericolo adesso" },
  { number: "1522", text: "antiviolenza e stalking: gratuito, anonimo, 24 ore su 24" },
  { number: "114", text: "Emergenza Infanzia, per bambini, ragazzi e genitori" },
] as const;

/**
 * The urgent-help reminder of the questionnaire and its result: on every screen, calm rather than alarming
 * (Argine is not an emergency service).
 */
export function UrgentHelp({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <aside className={styles.urgent} aria-labelledby="urgent-help-title">
      <Heading id="urgent-help-title" className={styles.urgentTitle}>
        Se hai bisogno di aiuto subito
      </Heading>
      <p className={styles.urgentIntro}>
        Argine non è un servizio di emergenza. Puoi chiamare in ogni momento:
      </p>
      <ul className={styles.urgentList}>
        {URGENT_NUMBERS.map(({ number, text }) => (
          <li key={number}>
            <a href={`tel:${number}`} className={styles.urgentLink}>
              Chiama il {number}
            </a>{" "}
            <span className={styles.urgentText}>{text}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
