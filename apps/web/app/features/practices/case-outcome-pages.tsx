import { casePath } from "@argine/core/practices/case-path";
import { TAKEN_IN_CHARGE } from "@argine/core/services/service-messages";
import { FILE_GENERATION_MAX_HOURS } from "@argine/core/shared/constants";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useCase } from "./case-area.tsx";
import styles from "./practices.module.css";

// The per-case sub-paths of spec §2 that the service flows return to. Their flows (takedown form,
// legalization session) land with the services issue; each page already says what happened and leads back to
// the case. The payment's outcomes are the shop's (features/orders/payment-outcome-pages.tsx).

function Outcome({ title, children }: { title: string; children: ReactNode }) {
  const { practice } = useCase();
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.outcomeCase}>Pratica {practice.ticketCode}</p>
      {children}
      <p>
        <Link to={casePath(practice.ticketCode)}>Torna alla pratica</Link>
      </p>
    </>
  );
}

export function TakedownSuccessPage() {
  return (
    <Outcome title="Richiesta di rimozione ricevuta">
      <p>{TAKEN_IN_CHARGE} Ti scriviamo appena la piattaforma risponde.</p>
    </Outcome>
  );
}

export function LegalizationSuccessPage() {
  return (
    <Outcome title="Legalizzazione completata">
      <p>
        La sessione è conclusa. Stiamo generando i file con valore legale: possono servire fino a{" "}
        {FILE_GENERATION_MAX_HOURS} ore. Li troverai nella pagina della pratica, pronti da scaricare.
      </p>
    </Outcome>
  );
}
