import styles from "./claim-key.module.css";

// The practice code and its claim key on the questionnaire's result (ADR 010). The key is shown only here
// and printed in the PDF downloaded from here: with the code, it adds the practice to an account from any
// device ("Ho un codice pratica" in the dashboard). This tab claims it on its own after sign-in.

export function PracticeCodeAndKey({ ticketCode, claimKey }: { ticketCode: string; claimKey: string }) {
  return (
    <>
      <p>
        Abbiamo aperto una pratica riservata. Annota il codice pratica e la chiave di recupero: ti serviranno
        per ritrovarla, anche da un altro dispositivo.
      </p>
      <dl className={styles.codes}>
        <div>
          <dt>Codice pratica</dt>
          <dd>{ticketCode}</dd>
        </div>
        <div>
          <dt>Chiave di recupero</dt>
          <dd>{claimKey}</dd>
        </div>
      </dl>
      <p className={styles.note}>
        La chiave compare solo qui e nel PDF che scarichi da questa pagina: tienila per te, come una password.
        Da un altro dispositivo, accedi e scegli «Ho un codice pratica».
      </p>
    </>
  );
}

/** What "Copia codice e chiave" puts on the clipboard. */
export function codeAndKeyText(ticketCode: string, claimKey: string): string {
  return `Codice pratica ${ticketCode} - chiave di recupero ${claimKey}`;
}
