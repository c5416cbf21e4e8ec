import { SUPPORT_MAIL_LINK_DAYS } from "@argine/core/support/support-api";
import type { Mail } from "./mailer.ts";

// Italian mails of the identity flows. Plain and calm: the reader may be frightened; no personal data
// beyond the first name, links valid once.

const signature = "\n\nUn saluto,\nil team di Argine";

/**
 * A mail that only says there is news behind the sign-in (`news`, then how to get at it: "leggerlo"), with the
 * link to where it is; never what the news is (the mailbox may be read by the very person the case is about).
 */
function newsInTheAreaMail(subject: string, news: string, getAtIt: string) {
  return (to: string, name: string, link: string): Mail => ({
    to,
    subject,
    text: `Ciao ${name},\n\n${news}. Per ${getAtIt} accedi alla tua area personale:\n\n${link}${signature}`,
  });
}

export function verificationMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: "Conferma il tuo indirizzo email",
    text:
      `Ciao ${name},\n\ngrazie per esserti registrata/o su Argine. Per attivare il tuo account conferma il tuo indirizzo ` +
      `email aprendo questo link:\n\n${link}\n\nIl link vale 48 ore e si può usare una sola volta. ` +
      `Se non hai chiesto tu la registrazione, ignora questa email: senza conferma l'account non si attiva.${signature}`,
  };
}

export function alreadyRegisteredMail(to: string, name: string, loginLink: string, resetLink: string): Mail {
  return {
    to,
    subject: "Hai già un account",
    text:
      `Ciao ${name},\n\nqualcuno (forse tu) ha provato a registrarsi su Argine con questo indirizzo email, ` +
      `che ha già un account. Puoi accedere da qui:\n\n${loginLink}\n\nSe non ricordi la password, puoi ` +
      `sceglierne una nuova da qui:\n\n${resetLink}\n\nSe non sei stata/o tu, ignora questa email: il tuo account è al sicuro.${signature}`,
  };
}

export function passwordResetMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: "Scegli una nuova password",
    text:
      `Ciao ${name},\n\nabbiamo ricevuto una richiesta di cambio password per il tuo account Argine. ` +
      `Per sceglierne una nuova apri questo link:\n\n${link}\n\nIl link vale 1 ora e si può usare una sola volta. ` +
      `Se non hai chiesto tu il cambio, ignora questa email: la tua password resta quella di prima.${signature}`,
  };
}

/**
 * Failed sign-ins are holding the account back (ADR 035): neutral (no address, no count, no time: nothing an
 * attacker reading along learns from), with the link that lifts the hold for its owner.
 */
export function signInAttemptsMail(to: string, name: string, link: string, validMinutes: number): Mail {
  return {
    to,
    subject: "Qualcuno sta provando ad accedere al tuo account",
    text:
      `Ciao ${name},

qualcuno sta provando ad accedere al tuo account Argine con una password sbagliata, ` +
      `e per proteggerlo abbiamo rallentato i tentativi. Se eri tu e vuoi accedere subito, apri questo link:

` +
      `${link}

Il link vale ${validMinutes} minuti e si può usare una sola volta. Se non eri tu, il tuo ` +
      `account è al sicuro finché la password resta segreta: se pensi che qualcuno la conosca, cambiala ` +
      `dalla tua area personale.${signature}`,
  };
}

/** To the other admins: a staff role was granted (the grant opens every case; ADR 035). Names only. */
export function staffGrantMail(
  to: string,
  name: string,
  grant: { by: string; role: string; to: string },
  usersLink: string,
): Mail {
  return {
    to,
    subject: "Un ruolo dello staff è stato assegnato",
    text:
      `Ciao ${name},

${grant.by} ha assegnato il ruolo di ${grant.role} a ${grant.to}. Se non te lo ` +
      `aspettavi, controlla gli utenti e i ruoli:

${usersLink}${signature}`,
  };
}

/** To the team: a case that needs a person before any self-service step. No victim data in the mail. */
export function humanReviewAlert(to: string, ticketCode: string): Mail {
  return {
    to,
    subject: `Pratica ${ticketCode}: serve una revisione`,
    text:
      `La pratica ${ticketCode} appena aperta dal questionario richiede una revisione umana ` +
      "(vittima minorenne con contenuti sessuali, o estorsione ai danni di un minore). " +
      "Prendila in carico dall'area avvocati il prima possibile.",
  };
}

/**
 * A lawyer wrote to the client of a practice. By default only that there is a message, with the link to it
 * (the mailbox may be read by the very person the case is about); the lawyer's words travel only to a client
 * who asked for them in the profile (`fullText`, ADR 038). The subject is the same either way.
 */
export function practiceMessageMail(
  to: string,
  name: string,
  practiceLink: string,
  fullText: { subject: string; body: string } | null,
): Mail {
  if (!fullText) return lawyerMessageNotice(to, name, practiceLink);
  return {
    to,
    subject: LAWYER_MESSAGE_SUBJECT,
    text:
      `Ciao ${name},\n\nil team ti ha scritto un messaggio sulla tua pratica. Come hai chiesto, eccolo per ` +
      `intero.\n\n${fullText.subject}\n\n${fullText.body}\n\nPuoi rispondere e seguire la pratica dalla tua ` +
      `area personale:\n\n${practiceLink}${signature}`,
  };
}

const LAWYER_MESSAGE_SUBJECT = "C'è un nuovo messaggio sulla tua pratica";
const lawyerMessageNotice = newsInTheAreaMail(
  LAWYER_MESSAGE_SUBJECT,
  "il team ti ha scritto un messaggio sulla tua pratica",
  "leggerlo e rispondere",
);

/**
 * The newsletter's double opt-in. We know no name, only the address; the mail says who asked and what
 * ignoring it means, so a sign-up made by someone else does nothing.
 */
export function newsletterConfirmationMail(to: string, link: string, validHours: number): Mail {
  return {
    to,
    subject: "Conferma la tua iscrizione alla newsletter",
    text:
      "Ciao,\n\nabbiamo ricevuto una richiesta di iscrizione alla newsletter di Argine per questo indirizzo " +
      `email. Per confermarla apri questo link:\n\n${link}\n\nIl link vale ${validHours} ore e si può usare ` +
      "una sola volta. Se non hai chiesto tu l'iscrizione, ignora questa email: senza conferma non ti " +
      `scriveremo più.${signature}`,
  };
}

/**
 * The client's receipt of a paid order: the services bought and the amount, nothing of the case itself (a
 * mailbox may be read by the very person the case is about).
 */
export function orderConfirmationMail(
  to: string,
  name: string,
  order: { services: readonly string[]; amount: string; paymentType: string },
  ordersLink: string,
): Mail {
  return {
    to,
    subject: "Il tuo ordine è confermato",
    text:
      `Ciao ${name},\n\nabbiamo ricevuto il pagamento del tuo ordine. Servizi acquistati:\n\n` +
      `${order.services.map((service) => `- ${service}`).join("\n")}\n\nTotale pagato: ${order.amount} ` +
      `(${order.paymentType}, IVA inclusa).\n\nIl team legale inizia a lavorarci: trovi l'ordine e i ` +
      `prossimi passi nella tua area personale:\n\n${ordersLink}${signature}`,
  };
}

/**
 * A refund or a withdrawal: that there is news about the orders, nothing of which service or why (the
 * mailbox may be read by the very person the case is about); the details are behind the sign-in.
 */
export function refundMail(to: string, name: string, ordersLink: string): Mail {
  return {
    to,
    subject: "C'è un aggiornamento sui tuoi ordini",
    text:
      `Ciao ${name},\n\nc'è un aggiornamento su uno dei tuoi ordini su Argine: un importo ti è stato ` +
      `rimborsato. Trovi i dettagli (e la nota di credito, se hai ricevuto fattura) nella tua area personale:\n\n${ordersLink}${signature}`,
  };
}

/**
 * News on a practice's service (a status changed, a document is ready, files arrived): that there is news,
 * nothing of which service or what (the mailbox may be read by the very person the case is about).
 */
export const practiceUpdateMail = newsInTheAreaMail(
  "C'è un aggiornamento sulla tua pratica",
  "c'è un aggiornamento sulla tua pratica su Argine",
  "leggerlo",
);

/**
 * A message waits on the practice: nothing of who wrote it, what it says or which case it is about (the
 * mailbox may be read by the very person the case is about); the link is the dashboard, where it shows.
 */
export const messageWaitingMail = newsInTheAreaMail(
  "Hai un nuovo messaggio su Argine",
  "c'è un nuovo messaggio per te su Argine",
  "leggerlo",
);

/**
 * The team answered in the support chat: nothing of the answer (the mailbox may not be the person's alone).
 * A client reads it in their account; a visitor by the link that opens the thread on any device, once and
 * for SUPPORT_MAIL_LINK_DAYS (ADR 030's amendment).
 */
export function supportAnswerMail(to: string, open: { account: string } | { visitor: string }): Mail {
  const how =
    "account" in open
      ? `accedi al tuo account e apri la chat con «Scrivi al team»:\n\n${open.account}`
      : `apri questo link, da qualunque dispositivo. Vale una sola volta e per ${SUPPORT_MAIL_LINK_DAYS} ` +
        `giorni: dopo, la conversazione resta nel browser da cui lo hai aperto.\n\n${open.visitor}`;
  return {
    to,
    subject: "Hai una risposta alla tua domanda",
    text:
      `Ciao,\n\nil team di Argine ha risposto al tuo messaggio nella chat di assistenza. Per leggere la ` +
      `risposta ${how}\n\nSe non ci hai scritto tu, ignora questa email.${signature}`,
  };
}

/**
 * A deadline reminder: that a deadline is near, nothing of which or of what the case is about (the
 * mailbox may be read by the very person the case is about); the countdown is on the case page.
 */
export function deadlineReminderMail(to: string, name: string, caseLink: string): Mail {
  return {
    to,
    subject: "C'è una scadenza per la tua pratica",
    text:
      `Ciao ${name},\n\nti scriviamo perché ce lo hai chiesto: si avvicina una scadenza importante per la tua ` +
      `pratica su Argine. Trovi la data e il tempo che resta nella tua area personale:\n\n${caseLink}\n\n` +
      `Se hai dubbi su cosa fare, scrivici dalla pagina della pratica: ti rispondiamo noi.${signature}`,
  };
}

/**
 * The files kept for a practice go on `deleteOn` (a year after they were made, ADR 021): when, and that
 * they can all be downloaded before from the case page; nothing of what they are.
 */
export function filesRetentionMail(to: string, name: string, caseLink: string, deleteOn: string): Mail {
  return {
    to,
    subject: "Alcuni file della tua pratica saranno eliminati",
    text:
      `Ciao ${name},\n\ncome previsto, i file conservati per la tua pratica su Argine saranno eliminati il ` +
      `${deleteOn}. Prima di quella data puoi scaricarli tutti in un unico archivio dalla tua area ` +
      `personale:\n\n${caseLink}\n\nDopo non sarà più possibile recuperarli.${signature}`,
  };
}

/**
 * The evidence of a capture is ready to download: said without naming what (the mailbox may be read by the
 * very person the case is about).
 */
export const filesReadyMail = newsInTheAreaMail(
  "Dei documenti sono pronti nella tua area personale",
  "alcuni documenti della tua pratica su Argine sono pronti da scaricare",
  "vederli",
);

/**
 * "Scarica i miei dati" (ADR 037): the archive is ready. Neutral: it says neither what the archive holds nor
 * which service it comes from beyond the signature, and the link asks for the sign-in too.
 */
export function dataExportMail(to: string, name: string, link: string, days: number): Mail {
  return {
    to,
    subject: "Il file che hai richiesto è pronto",
    text:
      `Ciao ${name},\n\nil file che hai richiesto dal tuo profilo è pronto. Per scaricarlo apri questo link ` +
      `e accedi al tuo account:\n\n${link}\n\nIl link vale ${days} giorni e si può usare una sola volta; ` +
      `dopo il file viene cancellato. Se non l'hai chiesto tu, cambia la password del tuo account.${signature}`,
  };
}
