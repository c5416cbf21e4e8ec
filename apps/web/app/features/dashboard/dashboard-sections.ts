import {
  DASHBOARD_PATH,
  ORDERS_PATH,
  PRACTICES_PATH,
  PROFILE_INFO_PATH,
  PROFILE_INVOICE_PATH,
} from "../layout/navigation.ts";

export interface DashboardSection {
  label: string;
  to: string;
  description: string;
  /** False until the section's issue lands: the page says so honestly. */
  available: boolean;
}

/** The dashboard's own navigation (spec §2 "Dashboard"). */
export const DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { label: "Panoramica", to: DASHBOARD_PATH, description: "", available: true },
  {
    label: "Le tue pratiche",
    to: PRACTICES_PATH,
    description: "I tuoi casi, i servizi attivi, i documenti e i messaggi con il tuo avvocato.",
    available: false,
  },
  {
    label: "I tuoi ordini",
    to: ORDERS_PATH,
    description: "I servizi acquistati, con fatture e ricevute da scaricare.",
    available: false,
  },
  {
    label: "I tuoi dati",
    to: PROFILE_INFO_PATH,
    description: "Nome, cognome, telefono, consensi e password.",
    available: true,
  },
  {
    label: "Dati di fatturazione",
    to: PROFILE_INVOICE_PATH,
    description: "Codice fiscale o partita IVA e indirizzo per le fatture.",
    available: true,
  },
];
