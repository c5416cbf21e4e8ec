import {
  CONSULTATION_CHANGE_CUTOFF_MINUTES,
  CONSULTATION_MANAGE_PATH,
  CONSULTATION_MANAGE_TOKEN_PARAM,
  CONSULTATION_PAGE_PATH,
} from "@argine/core/consultation/consultation-terms";
import { romeMomentText } from "@argine/core/consultation/slots";
import type { Config } from "../config.ts";
import type { Mail } from "../mail/mailer.ts";
import { consultationInvitation, type Invitation } from "./consultation-ics.ts";
import { consultationManageToken } from "./manage-token.ts";

// The free consultation's mails (ADR 031): the confirmation and the move with the invitation (.ics,
// METHOD:REQUEST), the cancellation with its METHOD:CANCEL, the reminder the day before. Calm and short, the
// time on Rome's clock, nothing about any case (the mailbox may be read by the very person it is about); the
// link to move or cancel is the booking's signed token.

const signature = "\n\nUn saluto,\nil team di Argine";

export interface MailedConsultation extends Invitation {
  manageVersion: number;
}

/** "lunedì 29 marzo 2027 alle 10:00". */
const romeMoment = (instant: Date) => romeMomentText(instant, { weekday: true });

/** The mail's link to the manage page, with the booking's token. */
export function manageLink(
  config: Pick<Config, "publicUrl" | "documentLinkKey">,
  consultation: MailedConsultation,
) {
  const token = consultationManageToken(config.documentLinkKey, consultation.id, consultation.manageVersion);
  return `${config.publicUrl}${CONSULTATION_MANAGE_PATH}?${CONSULTATION_MANAGE_TOKEN_PARAM}=${token}`;
}

const how = (consultation: Invitation) =>
  consultation.kind === "video"
    ? "in videochiamata: ti mandiamo il link per collegarti prima dell'appuntamento"
    : "al telefono: ti chiamiamo noi al numero che ci hai lasciato";

function invitation(config: Pick<Config, "mail">, consultation: Invitation, method: "REQUEST" | "CANCEL") {
  return {
    filename: method === "CANCEL" ? "consulenza-annullata.ics" : "consulenza.ics",
    contentType: `text/calendar; method=${method}; charset=utf-8`,
    content: consultationInvitation(consultation, method, { email: config.mail.team }),
  };
}

type MailConfig = Pick<Config, "publicUrl" | "documentLinkKey" | "mail">;

function changeLine(config: MailConfig, consultation: MailedConsultation) {
  return (
    `Se non puoi più esserci, puoi spostare o annullare l'appuntamento da qui (fino a ` +
    `${CONSULTATION_CHANGE_CUTOFF_MINUTES} minuti prima):\n\n${manageLink(config, consultation)}\n\n` +
    "Il link è personale: non inoltrare questa email."
  );
}

/** To the person who booked: the greeting, `body`, the signature (and the invitation when there is one). */
function mailTo(
  consultation: Invitation,
  subject: string,
  body: string,
  attachments?: Mail["attachments"],
): Mail {
  return {
    to: consultation.email,
    subject,
    text: `Ciao ${consultation.name},\n\n${body}${signature}`,
    ...(attachments ? { attachments } : {}),
  };
}

/** "lunedì 22 marzo 2027 alle 10:00 (ora italiana), al telefono: …". */
const appointment = (consultation: Invitation) =>
  `${romeMoment(consultation.startsAt)} (ora italiana), ${how(consultation)}.`;

/**
 * A mail about a booked appointment (fixed, moved, the day before): `opening` and when and how, what there
 * is to add (`more`), and how to move or cancel it; with the invitation (METHOD:REQUEST) when it changes.
 */
function appointmentMail(words: {
  subject: (when: string) => string;
  opening: string;
  more?: string;
  invitation?: boolean;
}) {
  return (config: MailConfig, consultation: MailedConsultation): Mail =>
    mailTo(
      consultation,
      words.subject(romeMoment(consultation.startsAt)),
      `${words.opening} ${appointment(consultation)}\n\n${words.more ? `${words.more}\n\n` : ""}` +
        changeLine(config, consultation),
      words.invitation ? [invitation(config, consultation, "REQUEST")] : undefined,
    );
}

export const bookedMail = appointmentMail({
  subject: (when) => `Consulenza gratuita fissata: ${when}`,
  opening: "abbiamo fissato la tua consulenza gratuita di 30 minuti con il team di Argine per",
  more: "In allegato trovi l'invito da aggiungere al tuo calendario.",
  invitation: true,
});

/**
 * A visitor's request: the link that confirms it (the manage page), and no invitation yet, since the slot
 * is not held until she confirms. Sent once per address in CONSULTATION_REQUEST_MAIL_HOURS: whoever typed
 * someone else's address mails them this once, and the request lapses unconfirmed.
 */
export function requestMail(config: MailConfig, consultation: MailedConsultation): Mail {
  return mailTo(
    consultation,
    "Conferma la tua consulenza gratuita",
    `abbiamo ricevuto la tua richiesta di consulenza gratuita per ${appointment(consultation)}\n\n` +
      `Per fissarla, conferma da questo link: finché non la confermi l'orario resta libero anche per altri.\n\n` +
      `${manageLink(config, consultation)}\n\nDalla stessa pagina puoi anche scegliere un altro orario. ` +
      `Il link è personale: non inoltrare questa email.\n\n` +
      "Se non hai chiesto tu la consulenza, ignora questa email: non ti scriveremo di nuovo.",
  );
}

/** The video call's address staff sent: the time and the link, nothing about any case. */
export function videoLinkMail(
  config: MailConfig,
  consultation: MailedConsultation & { videoUrl: string },
): Mail {
  return mailTo(
    consultation,
    `Il link per la consulenza gratuita di ${romeMoment(consultation.startsAt)}`,
    `ecco il link per collegarti alla tua consulenza gratuita in videochiamata, ` +
      `${romeMoment(consultation.startsAt)} (ora italiana):\n\n${consultation.videoUrl}\n\n` +
      `Aprilo qualche minuto prima dell'orario, dal telefono o dal computer.\n\n` +
      changeLine(config, consultation),
  );
}

export const movedMail = appointmentMail({
  subject: (when) => `Consulenza gratuita spostata: ${when}`,
  opening: "la tua consulenza gratuita è stata spostata a",
  more: "In allegato trovi l'invito aggiornato: il tuo calendario sostituisce quello di prima.",
  invitation: true,
});

export function cancelledMail(config: MailConfig, consultation: MailedConsultation): Mail {
  return mailTo(
    consultation,
    "Consulenza gratuita annullata",
    `la tua consulenza gratuita di ${romeMoment(consultation.startsAt)} è stata annullata. In allegato trovi ` +
      `l'aggiornamento che la toglie dal tuo calendario.\n\n` +
      `Se vuoi, puoi prenotarne un'altra quando preferisci:\n\n${config.publicUrl}${CONSULTATION_PAGE_PATH}`,
    [invitation(config, consultation, "CANCEL")],
  );
}

export const reminderMail = appointmentMail({
  subject: (when) => `Promemoria: consulenza gratuita ${when}`,
  opening: "ti ricordiamo la tua consulenza gratuita con il team di Argine,",
});
