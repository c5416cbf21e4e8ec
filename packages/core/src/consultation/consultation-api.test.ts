import { describe, expect, it } from "vitest";
import { MESSAGES } from "../shared/messages.ts";
import { byField } from "../shared/schema-messages.test-helpers.ts";
import {
  AgendaQuerySchema,
  AvailabilitySchema,
  ConsultationBookingSchema,
  ConsultationTokenHeadersSchema,
  ConsultationVideoLinkSchema,
  SlotsQuerySchema,
} from "./consultation-api.ts";
import { CONSULTATION_MESSAGES } from "./consultation-messages.ts";
import { canMove, canTransition, statusesBefore } from "./lifecycle.ts";
import { canWorkConsultations, consultationPolicy } from "./policy.ts";

const booking = {
  name: "Maria D'Amico",
  email: "maria@example.it",
  phone: "+39 333 123 4567",
  kind: "video",
  startsAt: "2027-03-29T08:00:00.000Z",
  privacyAccepted: true,
};

describe("the booking's body", () => {
  it("takes a person's name, address and phone as typed, the phone's separators taken out", () => {
    const parsed = ConsultationBookingSchema.parse(booking);
    expect(parsed.phone).toBe("+393331234567");
    expect(parsed.practiceId).toBeUndefined();
  });

  it("says in Italian what is missing or wrong, field by field", () => {
    expect(byField(ConsultationBookingSchema, {})).toEqual({
      name: MESSAGES.required,
      email: MESSAGES.required,
      kind: MESSAGES.required,
      startsAt: CONSULTATION_MESSAGES.slotNotOffered,
      privacyAccepted: MESSAGES.privacyRequired,
    });
    expect(
      byField(ConsultationBookingSchema, {
        ...booking,
        name: "<script>",
        email: "maria@",
        phone: "123",
        kind: "fax",
        startsAt: "lunedì alle 10",
        practiceId: "AR-1",
      }),
    ).toEqual({
      name: MESSAGES.specialCharacters,
      email: MESSAGES.invalidEmail,
      phone: MESSAGES.invalidNumber,
      kind: MESSAGES.invalidChoice,
      startsAt: CONSULTATION_MESSAGES.slotNotOffered,
      practiceId: MESSAGES.invalidChoice,
    });
  });

  it("asks for the phone only for a phone call", () => {
    expect(ConsultationBookingSchema.parse({ ...booking, phone: "" }).phone).toBeNull();
    expect(ConsultationBookingSchema.parse({ ...booking, phone: undefined }).phone).toBeNull();
    expect(byField(ConsultationBookingSchema, { ...booking, kind: "phone", phone: " " })).toEqual({
      phone: CONSULTATION_MESSAGES.phoneForCall,
    });
    // Beside the other fields' issues, so the form shows it at once.
    expect(byField(ConsultationBookingSchema, { kind: "phone" })).toMatchObject({
      name: MESSAGES.required,
      phone: CONSULTATION_MESSAGES.phoneForCall,
    });
    expect(ConsultationBookingSchema.parse({ ...booking, kind: "phone" }).phone).toBe("+393331234567");
  });

  it("takes only an https address for the video link", () => {
    expect(byField(ConsultationVideoLinkSchema, { videoUrl: "https://meet.example.it/abc-def" })).toEqual({});
    for (const videoUrl of [
      "http://meet.example.it/a",
      "javascript:alert(1)",
      "meet.example.it",
      "https://u:p@x.it/a",
    ])
      expect(byField(ConsultationVideoLinkSchema, { videoUrl })).toEqual({
        videoUrl: CONSULTATION_MESSAGES.videoUrlInvalid,
      });
    expect(byField(ConsultationVideoLinkSchema, {})).toEqual({ videoUrl: MESSAGES.required });
  });

  it("refuses a missing or oversized manage token with the link's words", () => {
    expect(byField(ConsultationTokenHeadersSchema, {})).toEqual({
      "x-consultation-token": CONSULTATION_MESSAGES.linkInvalid,
    });
    expect(byField(ConsultationTokenHeadersSchema, { "x-consultation-token": "x".repeat(300) })).toEqual({
      "x-consultation-token": CONSULTATION_MESSAGES.linkInvalid,
    });
  });
});

describe("the periods", () => {
  it("takes Rome days, in order, a month at most", () => {
    expect(SlotsQuerySchema.parse({})).toEqual({});
    expect(byField(AgendaQuerySchema, { from: "2027-02-30", to: "2027-03-01" })).toEqual({
      from: MESSAGES.invalidDate,
    });
    expect(byField(AgendaQuerySchema, { from: "2027-03-10", to: "2027-03-09" })).toEqual({
      to: MESSAGES.periodReversed,
    });
    expect(byField(AgendaQuerySchema, { from: "2027-03-01", to: "2027-04-01" })).toEqual({
      to: CONSULTATION_MESSAGES.periodTooLong,
    });
    expect(byField(AgendaQuerySchema, { from: "2027-03-01", to: "2027-03-31" })).toEqual({});
  });
});

describe("the availability", () => {
  const week = { weekly: [{ weekday: 1, from: "09:30", to: "13:00" }], exceptions: [] };

  it("takes a week's ranges and days of their own", () => {
    expect(
      AvailabilitySchema.parse({
        weekly: [...week.weekly, { weekday: 1, from: "14:30", to: "24:00" }],
        exceptions: [
          { date: "2027-04-05", ranges: [] },
          { date: "2027-04-06", ranges: [{ from: "10:00", to: "12:00" }] },
        ],
      }).exceptions,
    ).toHaveLength(2);
  });

  it("refuses times not HH:MM, reversed or too short ranges, overlaps and a day twice", () => {
    expect(
      byField(AvailabilitySchema, {
        weekly: [
          { weekday: 8, from: "9:30", to: "13:00" },
          { weekday: 2, from: "13:00", to: "12:00" },
          { weekday: 3, from: "10:00", to: "10:15" },
          { weekday: 4, from: "09:00", to: "12:00" },
          { weekday: 4, from: "11:30", to: "13:00" },
          { weekday: 5, from: "24:00", to: "24:00" },
        ],
        exceptions: [
          { date: "2027-04-05", ranges: [] },
          {
            date: "2027-04-05",
            ranges: [
              { from: "10:00", to: "11:00" },
              { from: "10:30", to: "12:00" },
            ],
          },
        ],
      }),
    ).toEqual({
      "weekly.0.weekday": MESSAGES.invalidChoice,
      "weekly.0.from": CONSULTATION_MESSAGES.invalidTime,
      "weekly.1.to": CONSULTATION_MESSAGES.rangeReversed,
      "weekly.2.to": CONSULTATION_MESSAGES.rangeTooShort,
      "weekly.4.from": CONSULTATION_MESSAGES.rangesOverlap,
      "weekly.5.from": CONSULTATION_MESSAGES.invalidTime,
      "exceptions.1.date": CONSULTATION_MESSAGES.duplicateException,
      "exceptions.1.ranges.1.from": CONSULTATION_MESSAGES.rangesOverlap,
    });
    // Touching ranges do not overlap.
    expect(
      byField(AvailabilitySchema, {
        weekly: [
          { weekday: 1, from: "09:00", to: "12:00" },
          { weekday: 1, from: "12:00", to: "13:00" },
        ],
        exceptions: [],
      }),
    ).toEqual({});
  });
});

describe("who does what", () => {
  const admin = { userId: "a", roles: ["admin"] as const };
  const lawyer = { userId: "l", roles: ["lawyer"] as const };
  const client = { userId: "c", roles: [] };

  it("lets anyone book and only staff work the agenda", () => {
    for (const actor of [null, client, lawyer, admin]) expect(consultationPolicy(actor, "book")).toBe(true);
    for (const actor of [lawyer, admin]) expect(consultationPolicy(actor, "work-agenda")).toBe(true);
    for (const actor of [null, client]) expect(consultationPolicy(actor, "work-agenda")).toBe(false);
    expect(canWorkConsultations(["lawyer"])).toBe(true);
    expect(canWorkConsultations([])).toBe(false);
  });

  it("holds at once only for a signed-in person booking with her own confirmed e-mail", () => {
    const account = { email: "Cliente@example.it", emailVerified: true };
    expect(consultationPolicy(client, "hold-at-once", { email: "cliente@example.it ", account })).toBe(true);
    expect(consultationPolicy(client, "hold-at-once", { email: "altra@example.it", account })).toBe(false);
    expect(
      consultationPolicy(client, "hold-at-once", {
        email: "cliente@example.it",
        account: { ...account, emailVerified: false },
      }),
    ).toBe(false);
    expect(consultationPolicy(null, "hold-at-once", { email: "cliente@example.it", account })).toBe(false);
    expect(consultationPolicy(null, "list-own")).toBe(false);
    expect(consultationPolicy(client, "list-own")).toBe(true);
  });

  it("lets a client attach only a practice of their own", () => {
    expect(consultationPolicy(client, "attach-practice", { ownerId: "c" })).toBe(true);
    expect(consultationPolicy(client, "attach-practice", { ownerId: "x" })).toBe(false);
    expect(consultationPolicy(client, "attach-practice", { ownerId: null })).toBe(false);
    expect(consultationPolicy(null, "attach-practice", { ownerId: null })).toBe(false);
    expect(consultationPolicy(lawyer, "attach-practice", { ownerId: "c" })).toBe(false);
  });

  it("moves a booking by its table: the person cancels, staff record what happened", () => {
    expect(canTransition("booked", "cancelled", "person")).toBe(true);
    expect(canTransition("booked", "done", "person")).toBe(false);
    expect(canTransition("booked", "missed", "staff")).toBe(true);
    expect(canTransition("done", "missed", "staff")).toBe(true);
    expect(canTransition("cancelled", "done", "staff")).toBe(false);
    expect(canTransition("cancelled", "booked", "person")).toBe(false);
    expect(statusesBefore("done", "staff")).toEqual(["booked", "missed"]);
    expect(canMove("booked")).toBe(true);
    expect(canMove("cancelled")).toBe(false);
  });

  it("takes a request into a booking only by the person's confirmation", () => {
    expect(canTransition("requested", "booked", "person")).toBe(true);
    expect(canTransition("requested", "booked", "staff")).toBe(false);
    expect(canTransition("requested", "cancelled", "person")).toBe(true);
    expect(canTransition("requested", "done", "staff")).toBe(false);
    expect(statusesBefore("booked", "person")).toEqual(["requested"]);
    expect(statusesBefore("cancelled", "person")).toEqual(["requested", "booked"]);
    expect(canMove("requested")).toBe(true);
  });
});
