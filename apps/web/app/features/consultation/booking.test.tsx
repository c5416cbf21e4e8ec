import { CONSULTATION_MESSAGES } from "@argine/core/consultation/consultation-messages";
import { MESSAGES } from "@argine/core/shared/messages";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { proxyErrorPage, renderWithApp, stubApi } from "../../test-render.tsx";
import { ConsultationBookingForm } from "./booking.tsx";
import {
  MONDAY_10,
  MONDAY_1030,
  managed,
  PRACTICE_ID,
  renderSignedIn,
  slot,
  slotsAnswer,
  TUESDAY_15,
} from "./consultation-test-helpers.ts";

const control = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const dayGroup = () => screen.getByRole("group", { name: "Giorno" });
const timeGroup = () => screen.getByRole("group", { name: /^Orario di/ });

function fillPerson() {
  fireEvent.change(control(/^Nome e cognome/), { target: { value: "Maria Rossi" } });
  fireEvent.change(control(/^Email/), { target: { value: "maria@example.it" } });
  fireEvent.change(control(/^Telefono/), { target: { value: "333 123 4567" } });
  fireEvent.click(screen.getByRole("radio", { name: /^Telefonata/ }));
  fireEvent.click(control(/informativa sulla privacy/));
}

describe("/consulenza, the booking", () => {
  it("shows the free slots by Rome day, then the times of the day chosen", async () => {
    stubApi({
      "GET /v1/consultations/slots": { status: 200, body: slotsAnswer([MONDAY_10, MONDAY_1030, TUESDAY_15]) },
    });
    renderWithApp(<ConsultationBookingForm />);
    expect(await screen.findByRole("radio", { name: /lunedì 7 dicembre/ })).toBeTruthy();
    const days = within(dayGroup()).getAllByRole("radio");
    expect(days.map((day) => day.closest("div")?.textContent)).toEqual([
      "lunedì 7 dicembre2 orari liberi",
      "martedì 8 dicembre1 orario libero",
    ]);
    // The first day is open: its times are the choices.
    expect(timeGroup().querySelector("legend")?.textContent).toContain("Orario di lunedì 7 dicembre");
    expect(
      within(timeGroup())
        .getAllByRole("radio")
        .map((r) => r.closest("div")?.textContent),
    ).toEqual(["10:00", "10:30"]);
    fireEvent.click(within(dayGroup()).getByRole("radio", { name: /martedì 8 dicembre/ }));
    expect(
      within(timeGroup())
        .getAllByRole("radio")
        .map((r) => r.closest("div")?.textContent),
    ).toEqual(["15:00"]);
    fireEvent.click(within(timeGroup()).getByRole("radio", { name: "15:00" }));
    expect(screen.getByText("martedì 8 dicembre alle 15:00")).toBeTruthy();
  });

  it("shows two weeks of days at first, and the others on request, the keyboard going on there", async () => {
    // Twelve days in December 2026, one slot each at 10:00 Rome.
    const days = Array.from({ length: 12 }, (_, index) => {
      const date = `2026-12-${String(index + 7).padStart(2, "0")}`;
      return slot(`${date}T09:00:00.000Z`, date, "10:00");
    });
    stubApi({ "GET /v1/consultations/slots": { status: 200, body: slotsAnswer(days) } });
    renderWithApp(<ConsultationBookingForm />);
    await screen.findByRole("radio", { name: /lunedì 7 dicembre/ });
    expect(within(dayGroup()).getAllByRole("radio")).toHaveLength(10);
    fireEvent.click(screen.getByRole("button", { name: "Mostra altri giorni (2)" }));
    expect(within(dayGroup()).getAllByRole("radio")).toHaveLength(12);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("radio", { name: /giovedì 17 dicembre/ })),
    );
    expect(screen.queryByRole("button", { name: /Mostra altri giorni/ })).toBeNull();
  });

  it("says when no slot is free", async () => {
    stubApi({ "GET /v1/consultations/slots": { status: 200, body: slotsAnswer([]) } });
    renderWithApp(<ConsultationBookingForm />);
    expect(await screen.findByText(/non ci sono orari liberi nei prossimi giorni/)).toBeTruthy();
  });

  it("says when the slots cannot be read, and reads them again on request", async () => {
    let reads = 0;
    stubApi({
      "GET /v1/consultations/slots": () => {
        reads++;
        // The query client tries a failed read once more by itself: both fail.
        return reads <= 2
          ? {
              status: 503,
              body: { code: "SERVICE_UNAVAILABLE", message: "Servizio non disponibile.", requestId: "r" },
            }
          : { status: 200, body: slotsAnswer([MONDAY_10]) };
      },
    });
    renderWithApp(<ConsultationBookingForm />);
    expect(
      await screen.findByText(/Non riusciamo a leggere gli orari liberi/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Riprova" }));
    expect(await screen.findByRole("radio", { name: "10:00" })).toBeTruthy();
  }, 20_000);

  it("keeps the slot and everything typed when the proxy answers 502, and says in Italian to retry", async () => {
    const { calls } = stubApi({
      "GET /v1/consultations/slots": { status: 200, body: slotsAnswer([MONDAY_10, MONDAY_1030]) },
      "POST /v1/consultations": proxyErrorPage(),
    });
    renderWithApp(<ConsultationBookingForm />);
    fireEvent.click(await screen.findByRole("radio", { name: "10:30" }));
    fillPerson();
    fireEvent.click(screen.getByRole("button", { name: "Prenota la consulenza gratuita" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(MESSAGES.serviceUnavailable);
    expect((screen.getByRole("radio", { name: "10:30" }) as HTMLInputElement).checked).toBe(true);
    expect(control(/^Nome e cognome/).value).toBe("Maria Rossi");
    expect(control(/^Email/).value).toBe("maria@example.it");
    expect(control(/^Telefono/).value).toBe("333 123 4567");
    expect((screen.getByRole("radio", { name: /^Telefonata/ }) as HTMLInputElement).checked).toBe(true);
    expect(control(/informativa sulla privacy/).checked).toBe(true);
    expect(screen.getByRole("button", { name: "Prenota la consulenza gratuita" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("sends the slot, the person and how, and asks a visitor to confirm from the mail", async () => {
    const { calls } = stubApi({
      "GET /v1/consultations/slots": { status: 200, body: slotsAnswer([MONDAY_10, MONDAY_1030]) },
      "POST /v1/consultations": {
        status: 201,
        body: { status: "requested", email: "maria@example.it", consultation: null },
      },
    });
    renderWithApp(<ConsultationBookingForm />);
    fireEvent.click(await screen.findByRole("radio", { name: "10:00" }));
    fillPerson();
    fireEvent.click(screen.getByRole("button", { name: "Prenota la consulenza gratuita" }));

    const confirmation = await screen.findByText("Ci sei quasi: conferma dall'email");
    expect(confirmation.closest("[role=status]")).toBeTruthy();
    expect(screen.getByText(/Ti abbiamo scritto a/).textContent).toContain(
      "finché non la confermi, l'orario non è ancora tuo",
    );
    expect(screen.getByText("lunedì 7 dicembre alle 10:00")).toBeTruthy();
    expect(screen.queryByText("Consulenza prenotata")).toBeNull();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      startsAt: MONDAY_10.startsAt,
      name: "Maria Rossi",
      email: "maria@example.it",
      phone: "3331234567",
      kind: "phone",
      privacyAccepted: true,
    });
  });

  it("asks for the phone only for a phone call", async () => {
    const { calls } = stubApi({
      "GET /v1/consultations/slots": { status: 200, body: slotsAnswer([MONDAY_10]) },
      "POST /v1/consultations": {
        status: 201,
        body: { status: "requested", email: "maria@example.it", consultation: null },
      },
    });
    renderWithApp(<ConsultationBookingForm />);
    fireEvent.click(await screen.findByRole("radio", { name: "10:00" }));
    fireEvent.change(control(/^Nome e cognome/), { target: { value: "Maria Rossi" } });
    fireEvent.change(control(/^Email/), { target: { value: "maria@example.it" } });
    fireEvent.click(control(/informativa sulla privacy/));
    fireEvent.click(screen.getByRole("radio", { name: /^Telefonata/ }));
    fireEvent.click(screen.getByRole("button", { name: "Prenota la consulenza gratuita" }));
    expect(await screen.findByText(CONSULTATION_MESSAGES.phoneForCall)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    fireEvent.click(screen.getByRole("radio", { name: /^Videochiamata/ }));
    fireEvent.click(screen.getByRole("button", { name: "Prenota la consulenza gratuita" }));
    await screen.findByText("Ci sei quasi: conferma dall'email");
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ kind: "video", phone: null });
  });

  it("asks for a slot and every field before sending, in Italian", async () => {
    const { calls } = stubApi({
      "GET /v1/consultations/slots": { status: 200, body: slotsAnswer([MONDAY_10]) },
    });
    renderWithApp(<ConsultationBookingForm />);
    await screen.findByRole("radio", { name: "10:00" });
    fireEvent.click(screen.getByRole("button", { name: "Prenota la consulenza gratuita" }));
    const summary = await screen.findByRole("region", { name: /errori da correggere/ });
    expect(within(summary).getByRole("button", { name: /^Giorno e orario:/ })).toBeTruthy();
    expect(
      within(summary).getByRole("button", { name: "Come preferisci parlare: Campo Obbligatorio" }),
    ).toBeTruthy();
    expect(screen.getByText("Devi accettare l'informativa sulla privacy.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("when the slot was just taken, reads the slots again, says so and keeps what was typed", async () => {
    let reads = 0;
    const { calls } = stubApi({
      "GET /v1/consultations/slots": () => {
        reads++;
        return {
          status: 200,
          body: slotsAnswer(reads === 1 ? [MONDAY_10, MONDAY_1030] : [MONDAY_1030]),
        };
      },
      "POST /v1/consultations": {
        status: 409,
        body: { code: "CONFLICT", message: CONSULTATION_MESSAGES.slotTaken, requestId: "r" },
      },
    });
    renderWithApp(<ConsultationBookingForm />);
    fireEvent.click(await screen.findByRole("radio", { name: "10:00" }));
    fillPerson();
    fireEvent.click(screen.getByRole("button", { name: "Prenota la consulenza gratuita" }));

    expect(await screen.findByText(CONSULTATION_MESSAGES.slotTaken)).toBeTruthy();
    expect(await screen.findByText(/Abbiamo aggiornato gli orari liberi/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("radio", { name: "10:00" })).toBeNull());
    expect(reads).toBe(2);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: /Scegli giorno e orario/ })),
    );
    // Nothing typed is lost; only the slot is to choose again.
    expect(control(/^Nome e cognome/).value).toBe("Maria Rossi");
    expect(control(/^Telefono/).value).toBe("333 123 4567");
    expect((screen.getByRole("radio", { name: "10:30" }) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(screen.getByRole("radio", { name: "10:30" }));
    fireEvent.click(screen.getByRole("button", { name: "Prenota la consulenza gratuita" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "POST")[1]?.body).toMatchObject({
      startsAt: MONDAY_1030.startsAt,
      name: "Maria Rossi",
    });
  });

  it("lets a signed-in client attach one of their practices, with their name and address filled in", async () => {
    const { calls } = stubApi({
      "GET /v1/consultations/slots": { status: 200, body: slotsAnswer([MONDAY_10]) },
      "GET /v1/practices": {
        status: 200,
        body: {
          total: 1,
          totalCapped: false,
          data: [{ practiceId: PRACTICE_ID, ticketCode: "AR-7KM2Q9XD" }],
        },
      },
      "POST /v1/consultations": {
        status: 201,
        body: {
          status: "booked",
          email: "giulia@example.it",
          consultation: managed({ practiceTicketCode: "AR-7KM2Q9XD" }),
        },
      },
    });
    renderSignedIn(<ConsultationBookingForm />);
    const practice = (await screen.findByLabelText(/Vuoi collegare una tua pratica/)) as HTMLSelectElement;
    await waitFor(() => expect(control(/^Nome e cognome/).value).toBe("Giulia Esposito"));
    expect(control(/^Email/).value).toBe("giulia@example.it");
    fireEvent.change(practice, { target: { value: PRACTICE_ID } });
    fireEvent.click(screen.getByRole("radio", { name: "10:00" }));
    fireEvent.change(control(/^Telefono/), { target: { value: "+39 333 1234567" } });
    fireEvent.click(screen.getByRole("radio", { name: /^Videochiamata/ }));
    fireEvent.click(control(/informativa sulla privacy/));
    fireEvent.click(screen.getByRole("button", { name: "Prenota la consulenza gratuita" }));
    // Her own confirmed address: held at once, and found in her area.
    await screen.findByText("Consulenza prenotata");
    expect(screen.getByText(/La trovi anche nella tua area/)).toBeTruthy();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({ practiceId: PRACTICE_ID, kind: "video", phone: "+393331234567" });
  });
});
