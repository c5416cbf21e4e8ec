import type { DeadlineReminders } from "@argine/core/reminders/reminders-api";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { DeadlineRemindersSection } from "./deadline-reminders.tsx";

const ID = "5b0c2f1e-8a57-4d4e-9d5c-2f3a4b5c6d7e";
const PATH = `/v1/practices/${ID}/reminders`;
const ANSWER: DeadlineReminders = {
  enabled: false,
  complaintDeadline: "2027-02-01",
  daysLeft: 30,
  canChange: true,
};

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={String(title)}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const renderSection = (staff = false) =>
  renderWithApp(<DeadlineRemindersSection practiceId={ID} staff={staff} Section={Section} />);

describe("the complaint deadline on the case page", () => {
  it("counts the days down to the complaint deadline", async () => {
    stubApi({ [`GET ${PATH}`]: { status: 200, body: ANSWER } });
    renderSection();
    expect(
      await screen.findByText(
        "Mancano 30 giorni: l'ultimo giorno per presentare la querela è il 1 febbraio 2027.",
      ),
    ).toBeTruthy();
  });

  it("says tomorrow and today in words", async () => {
    stubApi({ [`GET ${PATH}`]: { status: 200, body: { ...ANSWER, daysLeft: 0 } } });
    renderSection();
    expect(
      await screen.findByText("Oggi, 1 febbraio 2027, è l'ultimo giorno per presentare la querela."),
    ).toBeTruthy();
  });

  it("lets the client opt in and out, saved at once", async () => {
    let enabled = false;
    const api = stubApi({
      [`GET ${PATH}`]: () => ({ status: 200, body: { ...ANSWER, enabled } }),
      [`PUT ${PATH}`]: (call) => {
        enabled = (call.body as { enabled: boolean }).enabled;
        return { status: 200, body: { ...ANSWER, enabled } };
      },
    });
    renderSection();
    const box = await screen.findByRole("checkbox", {
      name: "Ricordamelo via email 30, 7 e 1 giorno prima della scadenza",
    });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    expect(await screen.findByText("Promemoria attivati.")).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(api.calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ enabled: true }]);
    fireEvent.click(box);
    expect(await screen.findByText("Promemoria disattivati.")).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(false);
  });

  it("shows the refusal's message when the opt-in cannot be saved", async () => {
    stubApi({
      [`GET ${PATH}`]: { status: 200, body: ANSWER },
      [`PUT ${PATH}`]: {
        status: 409,
        body: { code: "CONFLICT", message: "La pratica è chiusa: non ci sono più promemoria da inviare." },
      },
    });
    renderSection();
    fireEvent.click(await screen.findByRole("checkbox"));
    expect((await screen.findByRole("alert")).textContent).toContain("La pratica è chiusa");
  });

  it("shows staff whether the client asked, without the switch", async () => {
    stubApi({ [`GET ${PATH}`]: { status: 200, body: { ...ANSWER, enabled: true, canChange: false } } });
    renderSection(true);
    expect(
      await screen.findByText("Il cliente ha chiesto i promemoria via email (30, 7 e 1 giorno prima)."),
    ).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
  });

  it("shows nothing when no complaint is due", async () => {
    const api = stubApi({
      [`GET ${PATH}`]: { status: 200, body: { ...ANSWER, complaintDeadline: null, daysLeft: null } },
    });
    renderSection();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("heading")).toBeNull());
    expect(screen.queryByText(/querela/)).toBeNull();
  });
});
