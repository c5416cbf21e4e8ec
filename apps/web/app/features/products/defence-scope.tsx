import { DEFENCE_SCOPE, DEFENCE_SCOPE_TITLES, defenceMandateTemplate } from "@argine/core/services/mandate";
import { useId } from "react";
import styles from "./products.module.css";

/** Where the whole engagement letter can be read before buying: the defence's public page. */
export const DEFENCE_LETTER_PATH = "/services/difesa#incarico";
const LETTER_ANCHOR = "incarico";

/**
 * What the legal defence covers and what it does not, beside its price (the service card, the checkout
 * summary): the very paragraphs of the engagement letter (core's DEFENCE_SCOPE, ADR 027), with the way to
 * the whole letter. The link opens in a new tab so the cart stays where it is.
 */
export function DefenceScope() {
  const id = useId();
  return (
    <section className={styles.scope} aria-labelledby={id} data-defence-scope="">
      <h3 id={id} className={styles.scopeTitle}>
        Che cosa copre la Difesa Legale
      </h3>
      <ScopeList title={DEFENCE_SCOPE_TITLES.includes} items={DEFENCE_SCOPE.includes} />
      <ScopeList title={DEFENCE_SCOPE_TITLES.excludes} items={DEFENCE_SCOPE.excludes} />
      <p className={styles.scopeLink}>
        <a href={DEFENCE_LETTER_PATH} target="_blank" rel="noopener">
          Leggi la lettera d'incarico completa
          <span className="visually-hidden"> (si apre in una nuova scheda)</span>
        </a>
      </p>
    </section>
  );
}

function ScopeList({ title, items }: { title: string; items: readonly string[] }) {
  const id = useId();
  return (
    <>
      <h4 id={id} className={styles.scopeSubtitle}>
        {title}
      </h4>
      <ul aria-labelledby={id} className={styles.scopeList}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/**
 * The engagement letter as the client will accept it after paying, with placeholders for their facts: the
 * same text (core's defenceMandateTemplate), on the defence's public page.
 */
export function DefenceLetter() {
  return (
    <section className={styles.letter} aria-labelledby={LETTER_ANCHOR}>
      <h2 id={LETTER_ANCHOR}>La lettera d'incarico</h2>
      <p>
        Dopo il pagamento, prima che l'avvocato cominci, ti chiediamo di accettare questa lettera. Eccola per
        intero: tra parentesi quadre i dati della tua pratica.
      </p>
      {defenceMandateTemplate().map((section) => (
        <div key={section.title}>
          <h3>{section.title}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      ))}
    </section>
  );
}
