import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import { FEEDBACK_MESSAGES } from "@argine/core/feedback/messages";
import { addDays, romeCalendarDay } from "@argine/core/shared/calendar";
import { italianDay } from "@argine/core/shared/italian-date";
import { MESSAGES } from "@argine/core/shared/messages";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readFeedbackClaim, SESSION_STORAGE_KEYS } from "../../shared/store/browser-storage.ts";
import { quickExit } from "../../shell/layout/quick-exit.tsx";
import { proxyErrorPage, renderWithApp, stubApi } from "../../test-render.tsx";
import { forgetFeedback } from "./feedback-memory.ts";
import { FeedbackPage } from "./feedback-page.tsx";

const TODAY = romeCalendarDay(new Date());
const FIRST = addDays(TODAY, -40);
const LAST = addDays(TODAY, -10);

afterEach(() => {
  cleanup();
  forgetFeedback();
  localStorage.clear();
  sessionStorage.clear();
});

function group(name: RegExp) {
  return screen.getByRole("group", { name });
}

function choose(question: RegExp, answer: string | RegExp) {
  fireEvent.click(within(group(question)).getByRole("radio", { name: answer }));
}

function stepTitle() {
  return document.querySelector("#step-title [data-step-title]")?.textContent;
}

async function next(expectedStep: number) {
  fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
  await screen.findByText(`Passo ${expectedStep} di 7`);
}

/** Typed as people in Italy do (gg/mm/aaaa); the form holds the ISO days. */
function fillDates(first = FIRST, last = LAST) {
  fireEvent.change(screen.getByLabelText(/la prima volta/), { target: { value: italianDay(first) } });
  fireEvent.change(screen.getByLabelText(/l'ultima volta/), { target: { value: italianDay(last) } });
}

/** A revenge-porn case up to the last step. */
async function walkRevengePorn() {
  choose(/Che cosa ti sta succedendo/, /Sono state diffuse mie immagini intime/);
  await next(2);
  fillDates();
  await next(3);
  choose(/Avevi meno di 18 anni/, "No");
  choose(/Sai chi è l'autore/, "Sì");
  choose(/Che rapporto hai/, /Ex partner/);
  await next(4);
  choose(/intimi o sessualmente espliciti/, "Sì");
  choose(/restare privati/, "Sì");
  choose(/Avevi acconsentito/, "No");
  await next(5);
  choose(/già stati diffusi/, /Sono già stati diffusi/);
  choose(/realizzati o sottratti/, "Sì");
  await next(6);
  fireEvent.change(screen.getByLabelText(/Su quale piattaforma/), { target: { value: "Telegram" } });
  await next(7);
}

describe("/feedback questionnaire", () => {
  it("introduces itself: free, a few minutes, confidential, you can stop; urgent numbers on the page", () => {
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    expect(screen.getByRole("heading", { level: 1, name: "Raccontaci che cosa è successo" })).toBeTruthy();
    expect(screen.getByText("È gratuito e non serve registrarsi.")).toBeTruthy();
    expect(screen.getByText(/Bastano pochi minuti/)).toBeTruthy();
    expect(screen.getByText(/restano riservate/)).toBeTruthy();
    expect(screen.getByText(/ricaricare la pagina senza perdere le risposte/)).toBeTruthy();
    expect(screen.getByText(/con «Esci subito», si cancellano/)).toBeTruthy();
    expect(screen.getByText("Non è colpa tua.")).toBeTruthy();
    const urgent = screen.getByRole("complementary", { name: "Se hai bisogno di aiuto subito" });
    expect(
      within(urgent)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["tel:112", "tel:1522", "tel:114"]);
    expect(screen.getByText("Passo 1 di 7")).toBeTruthy();
  });

  it("asks for a category before going on, and says why each question is asked", async () => {
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    const category = group(/Che cosa ti sta succedendo/);
    expect(within(category).getByText(/Perché te lo chiediamo/)).toBeTruthy();
    expect(within(category).getAllByRole("radio")).toHaveLength(9);
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    expect(await within(category).findByText(MESSAGES.required)).toBeTruthy();
    expect(screen.getByText("Passo 1 di 7")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(category).getAllByRole("radio")[0]));
  });

  it("moves forward and back without losing answers, focusing each step's title", async () => {
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    choose(/Che cosa ti sta succedendo/, /Qualcuno parla male di me/);
    await next(2);
    expect(stepTitle()).toBe("Quando è successo");
    // The focused title carries the progress for screen readers.
    expect(document.activeElement).toBe(
      screen.getByRole("heading", { level: 2, name: "Passo 2 di 7: Quando è successo" }),
    );
    // The introduction is for the first step only.
    expect(screen.queryByText("È gratuito e non serve registrarsi.")).toBeNull();
    fillDates();
    await next(3);
    choose(/Sai chi è l'autore/, "Non so");
    await next(4);
    expect(stepTitle()).toBe("Dove e chi l'ha visto");
    expect(group(/quante persone hanno potuto vederlo/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await screen.findByText("Passo 3 di 7");
    expect(
      (within(group(/Sai chi è l'autore/)).getByRole("radio", { name: "Non so" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await screen.findByText("Passo 2 di 7");
    expect((screen.getByLabelText(/la prima volta/) as HTMLInputElement).value).toBe(italianDay(FIRST));
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await screen.findByText("Passo 1 di 7");
    expect(
      (
        within(group(/Che cosa ti sta succedendo/)).getByRole("radio", {
          name: /Qualcuno parla male di me/,
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });

  it("shows only the questions the earlier answers make relevant", async () => {
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    choose(/Che cosa ti sta succedendo/, /Qualcuno mi chiede soldi/);
    await next(2);
    fillDates();
    await next(3);
    expect(screen.queryByRole("group", { name: /Avevi almeno 14 anni/ })).toBeNull();
    choose(/Avevi meno di 18 anni/, "Sì");
    expect(await screen.findByRole("group", { name: /Avevi almeno 14 anni/ })).toBeTruthy();
    expect(screen.queryByRole("group", { name: /Che rapporto hai/ })).toBeNull();
    choose(/Sai chi è l'autore/, "Sì");
    expect(await screen.findByRole("group", { name: /Che rapporto hai/ })).toBeTruthy();
    await next(4);
    expect(screen.queryByRole("group", { name: /Hai pagato/ })).toBeNull();
    choose(/Ti ha chiesto soldi/, "Sì");
    expect(await screen.findByRole("group", { name: /Hai pagato/ })).toBeTruthy();
  });

  it("asks about a secret recording only with intimate content or a partner, with 'Non so'", async () => {
    const recording = /registrato di nascosto immagini o suoni della tua vita privata/;
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    choose(/Che cosa ti sta succedendo/, /Minacce/);
    await next(2);
    fillDates();
    await next(3);
    choose(/Sai chi è l'autore/, "Sì");
    choose(/Che rapporto hai/, /Un collega/);
    await next(4);
    await next(5);
    expect(stepTitle()).toBe("Che cos'altro è successo");
    expect(screen.queryByRole("group", { name: recording })).toBeNull();

    // The same threats from an ex-partner: a private recording may matter.
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await screen.findByText("Passo 4 di 7");
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await screen.findByText("Passo 3 di 7");
    choose(/Che rapporto hai/, /Ex partner/);
    await next(4);
    await next(5);
    const question = await screen.findByRole("group", { name: recording });
    expect(within(question).getByRole("radio", { name: "Non so" })).toBeTruthy();
    expect(within(question).getByText(/art\. 615-bis c\.p\./)).toBeTruthy();
  });

  it("refuses a date in the future, with the format shown", async () => {
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    choose(/Che cosa ti sta succedendo/, /Minacce/);
    await next(2);
    expect(screen.getAllByText(/Formato: gg\/mm\/aaaa, per esempio 31\/12\/2026/).length).toBeGreaterThan(0);
    const first = screen.getByLabelText(/la prima volta/) as HTMLInputElement;
    expect(first.placeholder).toBe("gg/mm/aaaa");
    fireEvent.change(first, { target: { value: "28/2/2026" } });
    expect(screen.getByText("Data indicata: 28 febbraio 2026")).toBeTruthy();
    fillDates(FIRST, addDays(TODAY, 1));
    fireEvent.click(screen.getByRole("button", { name: "Avanti" }));
    expect(await screen.findByText(FEEDBACK_MESSAGES.futureDate)).toBeTruthy();
    expect(screen.getByText("Passo 2 di 7")).toBeTruthy();
    const last = screen.getByLabelText(/l'ultima volta/);
    expect(last.getAttribute("aria-invalid")).toBe("true");
  });

  it("requires the statement of truth and the privacy acceptance, then sends and shows the result in place", async () => {
    const answers = {
      category: "REVENGEPORN" as const,
      firstEventDate: FIRST,
      lastEventDate: LAST,
      victimIsMinor: false,
      authorKnown: true,
      authorRelationship: "EX_PARTNER" as const,
      sexuallyExplicit: true,
      meantPrivate: true,
      consentToShare: false,
      sharingOnlyThreatened: false,
      authorMadeOrTook: true,
      platform: "Telegram",
    };
    const feedback = evaluateFeedback(answers, TODAY);
    const { calls } = stubApi({
      "POST /v1/feedback": {
        status: 201,
        body: {
          practiceId: "6b1f0c1e-0000-4000-8000-000000000001",
          ticketCode: "AR-7KM2Q9XD",
          claimToken: "token-of-this-tab",
          claimKey: "K7QM-2XFD",
          feedback,
        },
      },
      "GET /v1/products": { status: 200, body: [] },
    });
    const { router } = renderWithApp(<FeedbackPage />, { url: "/feedback" });
    await walkRevengePorn();
    expect(stepTitle()).toBe("Conferma e invia");

    fireEvent.click(screen.getByRole("button", { name: "Invia e ricevi la valutazione" }));
    expect(await screen.findByText(MESSAGES.truthStatementRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.privacyRequired)).toBeTruthy();
    expect(screen.getByRole("link", { name: "informativa sulla privacy" }).getAttribute("href")).toBe(
      "/privacy",
    );
    expect(calls.filter((call) => call.method === "POST")).toHaveLength(0);

    fireEvent.click(screen.getByLabelText(/corrisponde al vero/));
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa/));
    fireEvent.click(screen.getByRole("button", { name: "Invia e ricevi la valutazione" }));

    expect(
      await screen.findByRole("heading", { level: 1, name: "Il risultato del questionario" }),
    ).toBeTruthy();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.url).toBe("/v1/feedback");
    expect(post?.headers.has("Authorization")).toBe(false);
    expect(post?.body).toEqual({ answers, statementOfTruth: true, privacyAccepted: true, anonymous: false });
    expect(screen.getByText("AR-7KM2Q9XD")).toBeTruthy();
    expect(screen.getByText(/Hai ancora \d+ giorni per sporgere querela/)).toBeTruthy();

    // The address stays /feedback, back at the questionnaire's first entry (so Back leaves it). Only this
    // tab keeps anything: the claim of its practice, in session storage (ADR 010); localStorage, which the
    // next person on the device would find, keeps nothing, and the answers are gone.
    expect(router.state.location.pathname).toBe("/feedback");
    expect(router.state.location.search).toBe("");
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.historyAction).toBe("POP");
    expect(screen.getByRole("heading", { level: 1, name: "Il risultato del questionario" })).toBeTruthy();
    expect(Object.keys(localStorage)).toEqual([]);
    expect(Object.keys(sessionStorage)).toEqual([SESSION_STORAGE_KEYS.feedbackClaim]);
    expect(readFeedbackClaim()).toEqual({
      practiceId: "6b1f0c1e-0000-4000-8000-000000000001",
      claimToken: "token-of-this-tab",
    });
    expect(screen.getByText("K7QM-2XFD")).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackDraft)).toBeNull();
  });

  it("a field the API refuses brings the user back to its step with the API's message", async () => {
    stubApi({
      "POST /v1/feedback": {
        status: 400,
        body: {
          code: "BAD_REQUEST",
          message: FEEDBACK_MESSAGES.futureDate,
          details: {
            issues: [{ path: ["answers", "lastEventDate"], message: FEEDBACK_MESSAGES.futureDate }],
          },
          requestId: "r",
        },
      },
    });
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    await walkRevengePorn();
    fireEvent.click(screen.getByLabelText(/corrisponde al vero/));
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa/));
    fireEvent.click(screen.getByRole("button", { name: "Invia e ricevi la valutazione" }));
    await screen.findByText("Passo 2 di 7");
    expect(await screen.findByText(FEEDBACK_MESSAGES.futureDate)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/l'ultima volta/)));
  });

  it("when sending fails otherwise, says so calmly and keeps the answers", async () => {
    stubApi({
      "POST /v1/feedback": {
        status: 429,
        body: { code: "TOO_MANY_REQUESTS", message: MESSAGES.tooManyRequests, requestId: "r" },
      },
    });
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    await walkRevengePorn();
    fireEvent.click(screen.getByLabelText(/corrisponde al vero/));
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa/));
    fireEvent.click(screen.getByRole("button", { name: "Invia e ricevi la valutazione" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(MESSAGES.tooManyRequests);
    expect(alert.textContent).toContain("Le tue risposte sono ancora qui");
    expect(screen.getByText("Passo 7 di 7")).toBeTruthy();
  });

  it("when the proxy answers 504 (no process served it), says in Italian to retry and can send the answers again", async () => {
    const { calls } = stubApi({ "POST /v1/feedback": proxyErrorPage(504, "Gateway Time-out") });
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    await walkRevengePorn();
    fireEvent.click(screen.getByLabelText(/corrisponde al vero/));
    fireEvent.click(screen.getByLabelText(/Ho letto l'informativa/));
    fireEvent.click(screen.getByRole("button", { name: "Invia e ricevi la valutazione" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(`${MESSAGES.serviceUnavailable} Le tue risposte sono ancora qui.`);
    expect(screen.getByText("Passo 7 di 7")).toBeTruthy();
    expect((screen.getByLabelText(/corrisponde al vero/) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Ho letto l'informativa/) as HTMLInputElement).checked).toBe(true);

    // The same answers go again, as they are.
    fireEvent.click(screen.getByRole("button", { name: "Invia e ricevi la valutazione" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.method === "POST");
    expect(second?.body).toEqual(first?.body);
  });

  it("the browser's Back and Forward move between steps and keep the answers", async () => {
    const { router } = renderWithApp(<FeedbackPage />, { url: "/feedback" });
    choose(/Che cosa ti sta succedendo/, /Minacce/);
    await next(2);
    fillDates();
    await next(3);
    choose(/Sai chi è l'autore/, "Sì");

    await act(() => router.navigate(-1));
    await screen.findByText("Passo 2 di 7");
    expect((screen.getByLabelText(/la prima volta/) as HTMLInputElement).value).toBe(italianDay(FIRST));
    expect((screen.getByLabelText(/l'ultima volta/) as HTMLInputElement).value).toBe(italianDay(LAST));
    // The same neutral address: the step is only in the history entry's state.
    expect(router.state.location.pathname).toBe("/feedback");
    expect(router.state.location.search).toBe("");

    await act(() => router.navigate(1));
    await screen.findByText("Passo 3 di 7");
    expect(
      (within(group(/Sai chi è l'autore/)).getByRole("radio", { name: "Sì" }) as HTMLInputElement).checked,
    ).toBe(true);

    // "Indietro" goes back through the history too, so the browser's Forward returns.
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await screen.findByText("Passo 2 di 7");
    await act(() => router.navigate(1));
    await screen.findByText("Passo 3 di 7");

    // Back from the first step leaves the questionnaire; the answers wait in this tab until sent.
    await act(() => router.navigate(-3));
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(
      JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackDraft) ?? "{}").draft.category,
    ).toBe("THREAT");
  });

  it("a reload shows the same step with the same answers, from this tab's session storage", async () => {
    const first = renderWithApp(<FeedbackPage />, { url: "/feedback" });
    choose(/Che cosa ti sta succedendo/, /Bullismo in rete/);
    await next(2);
    fillDates();
    await next(3);
    choose(/Sai chi è l'autore/, "Non so");
    const entry = first.router.state.location;
    expect(entry.state).toEqual({ step: 2, depth: 2 });
    first.unmount();
    expect(localStorage.length).toBe(0);
    expect(Object.keys(sessionStorage)).toEqual([SESSION_STORAGE_KEYS.feedbackDraft]);

    // A reload keeps the history entry (with its state) and the tab's session storage.
    renderWithApp(<FeedbackPage />, { url: { pathname: "/feedback", state: entry.state } });
    expect(await screen.findByText("Passo 3 di 7")).toBeTruthy();
    expect(
      (within(group(/Sai chi è l'autore/)).getByRole("radio", { name: "Non so" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.queryByText(/Avevi già iniziato/)).toBeNull();
  });

  it("after the quick exit, an old step's history entry shows the first step with no answer", async () => {
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => {});
    const first = renderWithApp(<FeedbackPage />, { url: "/feedback" });
    choose(/Che cosa ti sta succedendo/, /Sono state diffuse mie immagini intime/);
    await next(2);
    fillDates();
    await next(3);
    const entry = first.router.state.location;
    quickExit();
    expect(replace).toHaveBeenCalled();
    first.unmount();
    document.documentElement.classList.remove("quick-exiting");
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackDraft)).toBeNull();

    // Back to that entry (a new page load, since the neutral site replaced this one).
    const { router } = renderWithApp(<FeedbackPage />, {
      url: { pathname: "/feedback", state: entry.state },
    });
    expect(await screen.findByText("Passo 1 di 7")).toBeTruthy();
    expect(screen.queryByText(/Passo [2-7] di 7/)).toBeNull();
    expect(
      within(group(/Che cosa ti sta succedendo/))
        .getAllByRole("radio")
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    expect(screen.queryByText(/Avevi già iniziato/)).toBeNull();
    // The entry now says so too, so Forward cannot reopen a later step either.
    await waitFor(() => expect(router.state.location.state).toEqual({ step: 0, depth: 0 }));
  });

  it("an entry asking for a step the answers do not reach shows the furthest step they allow", async () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEYS.feedbackDraft,
      JSON.stringify({ draft: { category: "THREAT", firstEventDate: FIRST }, furthest: 4 }),
    );
    const { router } = renderWithApp(<FeedbackPage />, {
      url: { pathname: "/feedback", state: { step: 4, depth: 4 } },
    });
    // Step 2 lacks its last date: that is where the user is taken, with the answer kept.
    expect(await screen.findByText("Passo 2 di 7")).toBeTruthy();
    expect((screen.getByLabelText(/la prima volta/) as HTMLInputElement).value).toBe(italianDay(FIRST));
    await waitFor(() => expect(router.state.location.state).toEqual({ step: 1, depth: 0 }));
    // Going back from an entry that has no steps behind it replaces it, never leaving the questionnaire.
    fireEvent.click(screen.getByRole("button", { name: "Indietro" }));
    await screen.findByText("Passo 1 di 7");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("coming back by a link offers, calmly, to continue or start over", async () => {
    const first = renderWithApp(<FeedbackPage />, { url: "/feedback" });
    choose(/Che cosa ti sta succedendo/, /Bullismo in rete/);
    await next(2);
    fillDates();
    await next(3);
    first.unmount();

    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    expect(await screen.findByText("Passo 1 di 7")).toBeTruthy();
    expect(screen.getByText(/Avevi già iniziato a rispondere: le tue risposte sono ancora qui/)).toBeTruthy();
    expect(screen.getByText(/Puoi riprendere dal passo 3 o ricominciare da capo/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Riprendi dal passo 3" }));
    expect(await screen.findByText("Passo 3 di 7")).toBeTruthy();
    expect(screen.queryByText(/Avevi già iniziato/)).toBeNull();
    cleanup();

    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    fireEvent.click(await screen.findByRole("button", { name: "Ricomincia da capo" }));
    expect(screen.queryByText(/Avevi già iniziato/)).toBeNull();
    expect(
      within(group(/Che cosa ti sta succedendo/))
        .getAllByRole("radio")
        .some((radio) => (radio as HTMLInputElement).checked),
    ).toBe(false);
    expect(loadDraftCategory()).toBe("");
  });
});

/** The category kept in session storage ("" when nothing, or nothing chosen, is kept). */
function loadDraftCategory(): string {
  const raw = sessionStorage.getItem(SESSION_STORAGE_KEYS.feedbackDraft);
  return raw ? (JSON.parse(raw).draft?.category ?? "") : "";
}
