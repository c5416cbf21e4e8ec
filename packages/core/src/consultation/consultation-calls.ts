import { joinCalls } from "../shared/api-contract.ts";
import {
  AgendaQuerySchema,
  AgendaSchema,
  AvailabilitySchema,
  BookingAnswerSchema,
  ClientConsultationsSchema,
  ConsultationBookingSchema,
  ConsultationMoveSchema,
  ConsultationOutcomeSchema,
  ConsultationParamsSchema,
  ConsultationTokenHeadersSchema,
  ConsultationVideoLinkSchema,
  ManagedConsultationSchema,
  SlotsAnswerSchema,
  SlotsQuerySchema,
  StaffConsultationSchema,
} from "./consultation-api.ts";
import { CONSULTATION_ROUTES } from "./consultation-routes.ts";

// The free consultation's calls (ADR 031), each declared once for the API routes and the web.

/** A person's call on her own booking, by the mail link's token: it answers with the booking as it now is. */
const byToken = { headers: ConsultationTokenHeadersSchema, response: ManagedConsultationSchema };

/** Staff changing one consultation of the agenda: the consultation as staff now see it. */
const staffChange = <B>(body: B) => ({
  params: ConsultationParamsSchema,
  body,
  response: StaffConsultationSchema,
});

const SCHEMAS = {
  slots: { query: SlotsQuerySchema, response: SlotsAnswerSchema },
  book: { body: ConsultationBookingSchema, response: BookingAnswerSchema },
  manage: byToken,
  confirm: byToken,
  cancel: byToken,
  move: { ...byToken, body: ConsultationMoveSchema },
  mine: { response: ClientConsultationsSchema },
  agenda: { query: AgendaQuerySchema, response: AgendaSchema },
  outcome: staffChange(ConsultationOutcomeSchema),
  videoLink: staffChange(ConsultationVideoLinkSchema),
  availability: { response: AvailabilitySchema },
  setAvailability: { body: AvailabilitySchema, response: AvailabilitySchema },
};

export type ConsultationCallSchemas = typeof SCHEMAS;

export const CONSULTATION_CALLS = joinCalls(CONSULTATION_ROUTES, SCHEMAS);
