import { formatAmount } from "@argine/core/shared/money";
import type { CompanyData } from "../../config.ts";
import styles from "./footer.module.css";

/** The collapsible company imprint (spec §2 "Footer"), from configuration. Works without JavaScript. */
export function Imprint({ company }: { company: CompanyData }) {
  return (
    <details className={styles.imprint}>
      <summary className={styles.imprintSummary}>Dati societari</summary>
      <dl className={styles.imprintList}>
        <div>
          <dt>Ragione sociale</dt>
          <dd>{company.name}</dd>
        </div>
        <div>
          <dt>Sede legale</dt>
          <dd>{company.registeredOffice}</dd>
        </div>
        <div>
          <dt>Codice fiscale e partita IVA</dt>
          <dd>{company.vatNumber}</dd>
        </div>
        <div>
          <dt>Numero REA</dt>
          <dd>{company.rea}</dd>
        </div>
        <div>
          <dt>Legale rappresentante</dt>
          <dd>{company.legalRepresentative}</dd>
        </div>
        <div>
          <dt>Capitale sociale interamente versato</dt>
          <dd>{formatAmount(company.capital)}</dd>
        </div>
      </dl>
    </details>
  );
}
