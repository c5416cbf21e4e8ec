import type { Availability } from "@argine/core/consultation/consultation-api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "../../test-render.tsx";
import { ConsultationAgendaPage } from "./agenda-page.tsx";
import { PRACTICE_ID, renderSignedIn, staffConsultation } from "./consultation-test-helpers.ts";

// Tuesday 8 December 2026, 12:00 in Rome.
const NOW = new Date("2026-12-08T11:00:00.000Z");

const PAST = staffConsultation({
  id: "c0000000-0000-4000-8000-000000000010",
  startsAt: "2026-12-08T09:00:00.000Z",
  endsAt: "2026-12-08T09:30:00.000Z",
  date: "2026-12-08",
  time: "10:00",
  name: "Maria Rossi",
  kind: "phone",
  practiceId: PRACTICE_ID,
  practiceTicketCode: "AR-7KM2Q9XD",
  byClient: true,
});
const LATER = staffConsultation({
  id: "c0000000-0000-4000-8000-000000000011",
  startsAt: "2026-12-08T14:00:00.000Z",
  endsAt: "2026-12-08T14:30:00.000Z",
  date: "2026-12-08",
  time: "15:00",
  name: "Luca Bianchi",
  email: "luca@example.it",
});
const THURSDAY = staffConsultation({
  id: "c0000000-0000-4000-8000-000000000012",
  startsAt: "2026-12-10T08:00:00.000Z",
  endsAt: "2026-12-10T08:30:00.000Z",
  date: "2026-12-10",
  time: "09:00",
  name: "Sara Neri",
});

const AVAILABILITY: Availability = {
  weekly: [
    { weekday: 2, from: "14:00", to: "18:00" },
    { weekday: 1, from: "09:00", to: "13:00" },
  ],
  exceptions: [{ date: "2026-12-24", ranges: [] }],
};

function agendaApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    "GET /v1/admin/consultations": (call) => {
      const query = new URL(call.url, "http://x").searchParams;
      const from = query.get("from") ?? "";
      const to = query.get("to") ?? "";
      const data = [PAST, LATER, THURSDAY].filter((b) => b.date >= from && b.date <= to);
      return { status: 200, body: { from, to, data } };
    },
    "GET /v1/admin/consultations/availability": { status: 200, body: AVAILABILITY },
    ...extra,
  });
}

const itemOf = (name: string) => screen.getByText(name).closest("article") as HTMLElement;

describe("/dashboard/consultations, the staff's agenda", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("shows the week from Monday, each day with its bookings, and a day on its own", async () => {
    const { calls } = agendaApi();
    renderSignedIn(<ConsultationAgendaPage />, { roles: ["lawyer"] });
    expect(await screen.findByRole("heading", { name: "Settimana dal 7 al 13 dicembre 2026" })).toBeTruthy();
    await screen.findByText("Sara Neri");
    expect(calls.find((c) => c.url.includes("/admin/consultations?"))?.url).toContain(
      "from=2026-12-07&to=2026-12-13",
    );
    const days = screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent);
    expect(days).toEqual([
      "lunedì 7 dicembre",
      "martedì 8 dicembre · oggi",
      "mercoledì 9 dicembre",
      "giovedì 10 dicembre",
      "venerdì 11 dicembre",
      "sabato 12 dicembre",
      "domenica 13 dicembre",
    ]);
    const tuesday = screen.getByRole("region", { name: /martedì 8 dicembre/ });
    expect(
      within(tuesday)
        .getAllByRole("article")
        .map((a) => within(a).getByRole("heading").textContent),
    ).toEqual(["10:00–10:30 Maria Rossi", "15:00–15:30 Luca Bianchi"]);
    const maria = itemOf("Maria Rossi");
    expect(within(maria).getByRole("link", { name: "Pratica AR-7KM2Q9XD" }).getAttribute("href")).toBe(
      "/dashboard/practices/case/AR-7KM2Q9XD",
    );
    expect(within(maria).getByRole("link", { name: "maria@example.it" }).getAttribute("href")).toBe(
      "mailto:maria@example.it",
    );
    expect(within(maria).getByText("Telefonata")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Giorno" }));
    expect(await screen.findByRole("heading", { name: "martedì 8 dicembre 2026" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Sara Neri")).toBeNull());
    expect(screen.getByRole("button", { name: "Giorno" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: /Giorno successivo/ }));
    expect(await screen.findByRole("heading", { name: "mercoledì 9 dicembre 2026" })).toBeTruthy();
    expect(await screen.findByText("Nessuna consulenza.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Oggi" }));
    expect(await screen.findByRole("heading", { name: "martedì 8 dicembre 2026" })).toBeTruthy();
  });

  it("offers 'Svolta' and 'Non si è presentato' once a booking started, and sends the outcome", async () => {
    const { calls } = agendaApi({
      "PUT /v1/admin/consultations/c0000000-0000-4000-8000-000000000010/outcome": {
        status: 200,
        body: { ...PAST, status: "missed" },
      },
    });
    renderSignedIn(<ConsultationAgendaPage />, {
      url: "/?vista=giorno&giorno=2026-12-08",
      roles: ["lawyer"],
    });
    await screen.findByText("Maria Rossi");
    expect(within(itemOf("Luca Bianchi")).queryByRole("button", { name: /Svolta|presentato/ })).toBeNull();
    fireEvent.click(within(itemOf("Maria Rossi")).getByRole("button", { name: /^Non si è presentato/ }));
    expect(await screen.findByText(/è segnata come mancata/)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ outcome: "missed" });
  });

  it("sends a video call's link to the person, checked as an https address", async () => {
    const url = "https://meet.example.it/argine-42";
    const { calls } = agendaApi({
      "PUT /v1/admin/consultations/c0000000-0000-4000-8000-000000000011/video-link": {
        status: 200,
        body: { ...LATER, videoUrl: url },
      },
    });
    renderSignedIn(<ConsultationAgendaPage />, {
      url: "/?vista=giorno&giorno=2026-12-08",
      roles: ["lawyer"],
    });
    await screen.findByText("Luca Bianchi");
    // The phone call that started takes none.
    expect(within(itemOf("Maria Rossi")).queryByLabelText(/Link della videochiamata/)).toBeNull();
    const luca = itemOf("Luca Bianchi");
    const field = within(luca).getByLabelText(/Link della videochiamata/);
    fireEvent.change(field, { target: { value: "meet.example.it/argine-42" } });
    fireEvent.click(within(luca).getByRole("button", { name: "Invia il link" }));
    expect(await within(luca).findByText(/inizia con https/)).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    fireEvent.change(field, { target: { value: url } });
    fireEvent.click(within(luca).getByRole("button", { name: "Invia il link" }));
    expect(await within(luca).findByText("Link inviato alla persona.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ videoUrl: url });
  });

  it("shows the team's hours by weekday and the days with hours of their own", async () => {
    agendaApi();
    renderSignedIn(<ConsultationAgendaPage />, { roles: ["lawyer"] });
    const monday = await screen.findByRole("group", { name: "lunedì" });
    expect((within(monday).getByLabelText(/^Dalle/) as HTMLInputElement).value).toBe("09:00");
    expect(within(screen.getByRole("group", { name: "mercoledì" })).getByText("Chiuso")).toBeTruthy();
    expect(screen.getByText("Chiuso tutto il giorno")).toBeTruthy();
  });

  it("saves the hours edited through the API", async () => {
    const { calls } = agendaApi({
      "PUT /v1/admin/consultations/availability": (call) => ({ status: 200, body: call.body }),
    });
    renderSignedIn(<ConsultationAgendaPage />, { roles: ["lawyer"] });
    const wednesday = await screen.findByRole("group", { name: "mercoledì" });
    fireEvent.click(within(wednesday).getByRole("button", { name: /Aggiungi una fascia/ }));
    fireEvent.change(within(wednesday).getByLabelText(/^Dalle/), { target: { value: "10:00" } });
    fireEvent.change(within(wednesday).getByLabelText(/^Alle/), { target: { value: "09:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva gli orari" }));
    expect(
      await within(wednesday).findByText("L'orario di fine deve venire dopo quello di inizio."),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    fireEvent.change(within(wednesday).getByLabelText(/^Alle/), { target: { value: "12:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Salva gli orari" }));
    expect(await screen.findByText(/Orari salvati/)).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      weekly: [
        { weekday: 1, from: "09:00", to: "13:00" },
        { weekday: 2, from: "14:00", to: "18:00" },
        { weekday: 3, from: "10:00", to: "12:00" },
      ],
      exceptions: [{ date: "2026-12-24", ranges: [] }],
    });
  });

  it("is the team's only", async () => {
    agendaApi();
    renderSignedIn(<ConsultationAgendaPage />);
    expect(await screen.findByRole("heading", { name: "Area riservata" })).toBeTruthy();
  });
});
