import { CONSULTATION_MESSAGES } from "@argine/core/consultation/consultation-messages";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp, stubApi } from "../../test-render.tsx";
import { MONDAY_1030, managed, slotsAnswer, TUESDAY_15 } from "./consultation-test-helpers.ts";
import { ManageConsultationPage } from "./manage-page.tsx";

const TOKEN = "token-del-link-della-mail";
const URL_WITH_TOKEN = `/consulenza/gestisci?t=${TOKEN}`;

describe("/consulenza/gestisci, the mail link's page", () => {
  it("shows the consultation the link opens, sending the token in a header and taking it off the address", async () => {
    const { calls } = stubApi({ "GET /v1/consultations/manage": { status: 200, body: managed() } });
    const { router } = renderWithApp(<ManageConsultationPage />, { url: URL_WITH_TOKEN });
    expect(await screen.findByText("lunedì 7 dicembre 2026")).toBeTruthy();
    expect(screen.getByText("dalle 10:00 alle 10:30 (ora italiana)")).toBeTruthy();
    expect(screen.getByText("Videochiamata")).toBeTruthy();
    expect(screen.getByText("Prenotata")).toBeTruthy();
    const read = calls.find((c) => c.url.includes("/v1/consultations/manage"));
    expect(read?.headers.get("x-consultation-token")).toBe(TOKEN);
    expect(read?.url).not.toContain(TOKEN);
    await waitFor(() => expect(router.state.location.search).toBe(""));
    // A reload of this history entry still finds it: the token stays in the entry's state.
    expect((router.state.location.state as { consultationToken: string }).consultationToken).toBe(TOKEN);
    expect(
      screen.getByText(/Puoi spostarla o annullarla da qui fino a lunedì 7 dicembre alle 09:00/),
    ).toBeTruthy();
  });

  it("cancels after a second yes, and offers to book again", async () => {
    const { calls } = stubApi({
      "GET /v1/consultations/manage": { status: 200, body: managed() },
      "POST /v1/consultations/manage/cancel": {
        status: 200,
        body: managed({ status: "cancelled", changeable: false }),
      },
    });
    renderWithApp(<ManageConsultationPage />, { url: URL_WITH_TOKEN });
    fireEvent.click(await screen.findByRole("button", { name: "Annulla la consulenza" }));
    const question = screen.getByText(
      /Vuoi davvero annullare la consulenza di lunedì 7 dicembre alle 10:00\?/,
    );
    await waitFor(() => expect(document.activeElement).toBe(question.closest("p")));
    // "No" changes nothing and gives the focus back.
    fireEvent.click(screen.getByRole("button", { name: "No, la tengo" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Annulla la consulenza" })),
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Annulla la consulenza" }));
    fireEvent.click(screen.getByRole("button", { name: "Sì, annulla la consulenza" }));
    expect(await screen.findByText(/La consulenza è annullata e l'orario torna libero/)).toBeTruthy();
    expect(screen.getByText("Annullata")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Prenota un'altra consulenza" }).getAttribute("href")).toBe(
      "/consulenza",
    );
    const cancel = calls.find((c) => c.method === "POST");
    expect(cancel?.url).toBe("/v1/consultations/manage/cancel");
    expect(cancel?.headers.get("x-consultation-token")).toBe(TOKEN);
  });

  it("moves to another free slot; one taken meanwhile reads the slots again", async () => {
    let reads = 0;
    let moves = 0;
    const { calls } = stubApi({
      "GET /v1/consultations/manage": { status: 200, body: managed() },
      "GET /v1/consultations/slots": () => {
        reads++;
        return { status: 200, body: slotsAnswer(reads === 1 ? [MONDAY_1030, TUESDAY_15] : [TUESDAY_15]) };
      },
      "POST /v1/consultations/manage/move": () => {
        moves++;
        return moves === 1
          ? {
              status: 409,
              body: { code: "CONFLICT", message: CONSULTATION_MESSAGES.slotTaken, requestId: "r" },
            }
          : {
              status: 200,
              body: managed({
                startsAt: TUESDAY_15.startsAt,
                date: "2026-12-08",
                time: "15:00",
                endsAt: "2026-12-08T14:30:00.000Z",
              }),
            };
      },
    });
    renderWithApp(<ManageConsultationPage />, { url: URL_WITH_TOKEN });
    fireEvent.click(await screen.findByRole("button", { name: "Sposta a un altro orario" }));
    fireEvent.click(await screen.findByRole("radio", { name: "10:30" }));
    fireEvent.click(screen.getByRole("button", { name: "Sposta la consulenza" }));
    expect(await screen.findByText(CONSULTATION_MESSAGES.slotTaken)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("radio", { name: "10:30" })).toBeNull());

    fireEvent.click(screen.getByRole("radio", { name: "15:00" }));
    fireEvent.click(screen.getByRole("button", { name: "Sposta la consulenza" }));
    expect(await screen.findByText(/la consulenza ora è/)).toBeTruthy();
    expect(screen.getByText("martedì 8 dicembre 2026")).toBeTruthy();
    const sent = calls.filter((c) => c.method === "POST").map((c) => c.body);
    expect(sent).toEqual([{ startsAt: MONDAY_1030.startsAt }, { startsAt: TUESDAY_15.startsAt }]);
  });

  it("says when it is too late to change it from here", async () => {
    stubApi({ "GET /v1/consultations/manage": { status: 200, body: managed({ changeable: false }) } });
    renderWithApp(<ManageConsultationPage />, { url: URL_WITH_TOKEN });
    expect(await screen.findByText(/Manca troppo poco all'appuntamento/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Annulla la consulenza" })).toBeNull();
  });

  it("explains a link that no longer works and leads to a new booking", async () => {
    stubApi({
      "GET /v1/consultations/manage": {
        status: 410,
        body: { code: "GONE", message: CONSULTATION_MESSAGES.linkUsed, requestId: "r" },
      },
    });
    renderWithApp(<ManageConsultationPage />, { url: URL_WITH_TOKEN });
    expect(await screen.findByText(CONSULTATION_MESSAGES.linkUsed)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Riprova" })).toBeNull();
    expect(screen.getByRole("link", { name: "Prenota una nuova consulenza" }).getAttribute("href")).toBe(
      "/consulenza",
    );
  });

  it("explains a link without its token", async () => {
    const { fetchMock } = stubApi({});
    renderWithApp(<ManageConsultationPage />, { url: "/consulenza/gestisci" });
    expect(await screen.findByText(/Il link non è completo/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Prenota una nuova consulenza" })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/consultations/"))).toBe(false);
  });

  it("confirms a request; when its time was taken, asks kindly for another and confirms it there", async () => {
    let confirms = 0;
    const { calls } = stubApi({
      "GET /v1/consultations/manage": { status: 200, body: managed({ status: "requested" }) },
      "POST /v1/consultations/manage/confirm": () => {
        confirms++;
        return {
          status: 409,
          body: { code: "CONFLICT", message: CONSULTATION_MESSAGES.confirmTaken, requestId: "r" },
        };
      },
      "GET /v1/consultations/slots": { status: 200, body: slotsAnswer([MONDAY_1030, TUESDAY_15]) },
      "POST /v1/consultations/manage/move": {
        status: 200,
        body: managed({ status: "booked", startsAt: MONDAY_1030.startsAt, time: "10:30" }),
      },
    });
    renderWithApp(<ManageConsultationPage />, { url: URL_WITH_TOKEN });
    expect(await screen.findByText("Da confermare")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Conferma la consulenza" }));
    expect(await screen.findByText(CONSULTATION_MESSAGES.confirmTaken)).toBeTruthy();
    expect(confirms).toBe(1);
    fireEvent.click(screen.getByRole("button", { name: "Scegli un altro orario" }));
    fireEvent.click(await screen.findByRole("radio", { name: "10:30" }));
    fireEvent.click(screen.getByRole("button", { name: "Conferma a questo orario" }));
    expect(await screen.findByText(/la consulenza è confermata per/)).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith("/manage/move"))?.body).toEqual({
      startsAt: MONDAY_1030.startsAt,
    });
  });

  it("shows the video link staff sent", async () => {
    stubApi({
      "GET /v1/consultations/manage": {
        status: 200,
        body: managed({ videoUrl: "https://meet.example.it/argine-42" }),
      },
    });
    renderWithApp(<ManageConsultationPage />, { url: URL_WITH_TOKEN });
    const link = await screen.findByRole("link", { name: /Collegati alla videochiamata/ });
    expect(link.getAttribute("href")).toBe("https://meet.example.it/argine-42");
  });
});
