import { canAdminister } from "@argine/core/identity/policy";
import { buysServices } from "@argine/core/orders/policy";
import { canWorkCases } from "@argine/core/practices/policy";
import { canWorkServices } from "@argine/core/services/policy";
import {
  CONSULTATION_AGENDA_PATH,
  DASHBOARD_PATH,
  DIARY_PATH,
  ORDERS_PATH,
  PRACTICES_PATH,
  PROFILE_INFO_PATH,
  PROFILE_INVOICE_PATH,
  SERVICE_QUEUE_PATH,
  SUPPORT_INBOX_PATH,
} from "../../shared/navigation/navigation.ts";
import { ADMIN_PATH } from "../admin/public.ts";

export interface DashboardSection {
  label: string;
  to: string;
  description: string;
  /** False until the section's issue lands: the page says so honestly. */
  available: boolean;
}

/** The dashboard's own navigation (spec §2 "Dashboard"), with the staff's workspaces for their roles. */
export function dashboardSections(roles: readonly string[]): DashboardSection[] {
  const staff = canWorkCases(roles);
  return [
    { label: "Panoramica", to: DASHBOARD_PATH, description: "", available: true },
    staff
      ? {
          label: "Tutte le pratiche",
          to: PRACTICES_PATH,
          description: "Cerca, filtra e lavora le pratiche dei clienti.",
          available: true,
        }
      : {
          label: "Le tue pratiche",
          to: PRACTICES_PATH,
          description: "I tuoi casi, i servizi attivi, i documenti e i messaggi con il tuo avvocato.",
          available: true,
        },
    // The client's own diary of the episodes (issue 40): staff keep none.
    ...(staff
      ? []
      : [
          {
            label: "Diario degli episodi",
            to: DIARY_PATH,
            description:
              "Annota ogni episodio con data, ora e screenshot, anche dal telefono: privato e sigillato con una marca temporale.",
            available: true,
          },
        ]),
    ...(canWorkServices(roles)
      ? [
          {
            label: "Lavori da fare",
            to: SERVICE_QUEUE_PATH,
            description: "I servizi pagati da lavorare: i tuoi, quelli da assegnare e quelli dei colleghi.",
            available: true,
          },
        ]
      : []),
    // The free consultations' agenda and the team's hours (ADR 031), for the staff who work the cases.
    ...(staff
      ? [
          {
            label: "Consulenze",
            to: CONSULTATION_AGENDA_PATH,
            description:
              "L'agenda delle consulenze gratuite, per giorno e per settimana, e gli orari del team.",
            available: true,
          },
        ]
      : []),
    ...(staff
      ? [
          {
            label: "Assistenza",
            to: SUPPORT_INBOX_PATH,
            description: "La chat di assistenza: chi aspetta una risposta, da più tempo.",
            available: true,
          },
        ]
      : []),
    ...(canAdminister(roles)
      ? [
          {
            label: "Amministrazione",
            to: ADMIN_PATH,
            description: "Utenti e ruoli, catalogo e prezzi, campagne, voucher e gift card.",
            available: true,
          },
        ]
      : []),
    // Orders and billing data are a buyer's: staff buy nothing (core's buysServices).
    ...(buysServices(roles)
      ? [
          {
            label: "I tuoi ordini",
            to: ORDERS_PATH,
            description: "I servizi acquistati, con i totali e gli sconti.",
            available: true,
          },
        ]
      : []),
    {
      label: "I tuoi dati",
      to: PROFILE_INFO_PATH,
      description: "Nome, cognome, telefono, consensi e password.",
      available: true,
    },
    ...(buysServices(roles)
      ? [
          {
            label: "Dati di fatturazione",
            to: PROFILE_INVOICE_PATH,
            description: "Codice fiscale o partita IVA e indirizzo per le fatture.",
            available: true,
          },
        ]
      : []),
  ];
}
