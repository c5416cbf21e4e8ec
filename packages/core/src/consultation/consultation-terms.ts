import { type EnumValue, labelledEnum } from "../shared/labelled-enum.ts";
import { CONSULTATION_MINUTES, CONSULTATION_TIME_ZONE } from "./slots.ts";

// The free consultation's terms (ADR 031): its limits, the header of the mail link's token, its kinds and
// states with their labels. Apart from the calls' schemas (consultation-api.ts), so a screen that shows a
// booking loads no validation library (issue 41).

export { CONSULTATION_MINUTES, CONSULTATION_TIME_ZONE };

/** How far ahead a consultation can be booked: slots up to this many Rome calendar days after today. */
export const CONSULTATION_HORIZON_DAYS = 28;

/** The shortest notice for a booking: a slot starting sooner is not offered (the team must see it). */
export const CONSULTATION_MIN_NOTICE_MINUTES = 60;

/** Moving or cancelling from the mail's link stops this long before the start. */
export const CONSULTATION_CHANGE_CUTOFF_MINUTES = 60;

/** The longest period one slots or agenda request covers (a month's view). */
export const CONSULTATION_MAX_PERIOD_DAYS = 31;

/** A name and surname together: two profile names' worth. */
export const CONSULTATION_NAME_MAX_LENGTH = 200;

/** The header the manage page sends the mail link's token in (never an API URL, which proxies log). */
export const CONSULTATION_TOKEN_HEADER = "x-consultation-token";

/** The public booking page. */
export const CONSULTATION_PAGE_PATH = "/consulenza";

/** The web page the mail's link opens, `?t=<token>`: it reads, moves and cancels with the token. */
export const CONSULTATION_MANAGE_PATH = "/consulenza/gestisci";

/** The query parameter of the manage page holding the token. */
export const CONSULTATION_MANAGE_TOKEN_PARAM = "t";

/**
 * The booking flood's bounds (ADR 031, amendment): a request that is not confirmed from its mail holds no
 * slot; a signed-in client with a confirmed e-mail holds at once, at most this many upcoming at a time.
 */
export const CONSULTATION_MAX_HELD_PER_ACCOUNT = 2;

/** The upcoming consultations (asked or held) one e-mail address, or one phone number, may have at a time. */
export const CONSULTATION_MAX_UPCOMING_PER_CONTACT = 2;

/** A request's mail goes to one address at most once in this many hours: no stranger is mailed twice. */
export const CONSULTATION_REQUEST_MAIL_HOURS = 24;

/** The longest video link staff may send (a meeting address, not a document). */
export const CONSULTATION_VIDEO_URL_MAX_LENGTH = 500;

/** A manage token is about 90 characters; anything much longer is not one of ours. */
export const CONSULTATION_TOKEN_MAX_LENGTH = 256;

// ─── Enums and their labels ──────────────────────────────────────────────────────────────────────────────

export const CONSULTATION_KIND = labelledEnum({
  video: "Videochiamata",
  phone: "Telefonata",
});
export type ConsultationKind = EnumValue<typeof CONSULTATION_KIND>;

/** A booking's states (lifecycle.ts): a move keeps it booked; a request holds no slot until confirmed. */
export const CONSULTATION_STATUS = labelledEnum({
  requested: "Da confermare",
  booked: "Prenotata",
  cancelled: "Annullata",
  done: "Svolta",
  missed: "Mancata",
});
export type ConsultationStatus = EnumValue<typeof CONSULTATION_STATUS>;

/** What staff record after the start. */
export const CONSULTATION_OUTCOME = labelledEnum({
  done: "Svolta",
  missed: "Mancata (la persona non si è presentata)",
});
export type ConsultationOutcome = EnumValue<typeof CONSULTATION_OUTCOME>;
