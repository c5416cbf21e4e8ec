import { CONSULTATION_KIND, type ConsultationKind } from "@argine/core/consultation/consultation-terms";
import { createEvent } from "ics";

// The consultation's calendar invitation (RFC 5545, made by the `ics` package; ADR 031). Its UID is the
// booking's own and stays through its moves, its SEQUENCE goes up with each, so a calendar replaces the event
// rather than adding one; a cancellation is METHOD:CANCEL with the same UID. Times are written in UTC (…Z):
// every calendar reads them, and shows them on its own clock, Rome's for the person in Italy.

/** The domain the invitations' UIDs are minted under. */
const UID_DOMAIN = "argine.it";

export interface Invitation {
  id: string;
  startsAt: Date;
  endsAt: Date;
  kind: ConsultationKind;
  sequence: number;
  name: string;
  email: string;
}

/** A consultation's UID in every calendar: the same for its whole life. */
export const invitationUid = (id: string): string => `${id}@${UID_DOMAIN}`;

/** The address of "Name <address>", or the text itself. */
const address = (from: string): string => /<([^>]+)>/.exec(from)?.[1] ?? from;

export function consultationInvitation(
  consultation: Invitation,
  method: "REQUEST" | "CANCEL",
  organizer: { email: string },
): string {
  const { error, value } = createEvent({
    productId: "-//Argine//Consulenza gratuita//IT",
    method,
    uid: invitationUid(consultation.id),
    sequence: consultation.sequence,
    start: consultation.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: consultation.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: `Consulenza gratuita con Argine (${CONSULTATION_KIND.label(consultation.kind).toLowerCase()})`,
    description:
      consultation.kind === "video"
        ? "Consulenza gratuita di 30 minuti con il team legale di Argine, in videochiamata: il link per collegarti arriva prima dell'appuntamento. Per spostarla o annullarla usa il link dell'email di conferma."
        : "Consulenza gratuita di 30 minuti con il team legale di Argine, al telefono: ti chiamiamo noi al numero che ci hai lasciato. Per spostarla o annullarla usa il link dell'email di conferma.",
    status: method === "CANCEL" ? "CANCELLED" : "CONFIRMED",
    busyStatus: "BUSY",
    organizer: { name: "Argine", email: address(organizer.email) },
    attendees: [
      {
        name: consultation.name,
        email: consultation.email,
        rsvp: false,
        partstat: "ACCEPTED",
        role: "REQ-PARTICIPANT",
      },
    ],
  });
  if (error || !value) throw error ?? new Error("ics: no invitation made");
  return value;
}
