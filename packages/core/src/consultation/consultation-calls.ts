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

const SCHEMAS = {
  slots: { query: SlotsQuerySchema, response: SlotsAnswerSchema },
  book: { body: ConsultationBookingSchema, response: BookingAnswerSchema },
  manage: { headers: ConsultationTokenHeadersSchema, response: ManagedConsultationSchema },
  confirm: { headers: ConsultationTokenHeadersSchema, response: ManagedConsultationSchema },
  cancel: { headers: ConsultationTokenHeadersSchema, response: ManagedConsultationSchema },
  move: {
    headers: ConsultationTokenHeadersSchema,
    body: ConsultationMoveSchema,
    response: ManagedConsultationSchema,
  },
  mine: { response: ClientConsultationsSchema },
  agenda: { query: AgendaQuerySchema, response: AgendaSchema },
  outcome: {
    params: ConsultationParamsSchema,
    body: ConsultationOutcomeSchema,
    response: StaffConsultationSchema,
  },
  videoLink: {
    params: ConsultationParamsSchema,
    body: ConsultationVideoLinkSchema,
    response: StaffConsultationSchema,
  },
  availability: { response: AvailabilitySchema },
  setAvailability: { body: AvailabilitySchema, response: AvailabilitySchema },
};

export type ConsultationCallSchemas = typeof SCHEMAS;

export const CONSULTATION_CALLS = joinCalls(CONSULTATION_ROUTES, SCHEMAS);
