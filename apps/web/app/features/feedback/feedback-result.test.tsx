import { AnswersSchema } from "@argine/core/feedback/answers";
import { evaluateFeedback } from "@argine/core/feedback/evaluate";
import type { FeedbackResult, Offence } from "@argine/core/feedback/result";
import { SECTION } from "@argine/core/feedback/result";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  LOCAL_STORAGE_KEYS,
  readFeedbackClaim,
  writeFeedbackClaim,
} from "../../shared/store/browser-storage.ts";
import { fakeOidcClient, renderWithApp, stubApi } from "../../test-render.tsx";
import { forgetFeedback, rememberSubmission } from "./feedback-memory.ts";
import { FeedbackPage } from "./feedback-page.tsx";
import { FeedbackResultView } from "./feedback-result.tsx";

const PRACTICE_ID = "6b1f0c1e-0000-4000-8000-000000000001";
const ASOF = "2026-03-10";

const EMPTY_SECTIONS: FeedbackResult["sections"] = {
  lawDetail: [],
  whyNoCrime: [],
  aggravatingAndPenalties: [],
  damageCompensation: [],
  usefulToKnow: [],
  additionalNotes: [],
  actionsAndDeadlines: [],
  exclusions: [],
};

const REVENGE_PORN: Offence = {
  code: "REVENGE_PORN",
  article: "612-ter c.p.",
  title: "Diffusione illecita di immagini o video sessualmente espliciti",
  procedibility: "QUERELA",
  complaintDeadline: "2026-04-24",
  prescriptionDate: "2032-03-01",
  penalty: "reclusione da 1 a 6 anni e multa da 5.000 a 15.000 euro",
  aggravations: [],
  certain: true,
};

function result(overrides: Partial<FeedbackResult> = {}): FeedbackResult {
  return {
    evaluation: "VALID",
    offences: [REVENGE_PORN],
    sections: {
      ...EMPTY_SECTIONS,
      lawDetail: [{ text: "La legge punisce la diffusione senza consenso.", article: "612-ter c.p." }],
      actionsAndDeadlines: [{ text: "Conserva le prove." }],
    },
    deadlines: [
      {
        kind: "QUERELA",
        date: "2026-04-24",
        article: "612-ter c.p.",
        note: "Ultimo giorno per presentare querela",
      },
      { kind: "PRESCRIPTION", date: "2032-03-01", article: "157 c.p.", note: "Prescrizione del reato" },
    ],
    humanReview: false,
    recommendedServices: [],
    rulesVersion: "it-test.1",
    asOf: ASOF,
    ...overrides,
  };
}

function renderResult(feedback: FeedbackResult, options: Parameters<typeof renderWithApp>[1] = {}) {
  const onRestart = vi.fn();
  const rendered = renderWithApp(
    <FeedbackResultView
      submission={{ practiceId: PRACTICE_ID, ticketCode: "AR-7KM2Q9XD", claimKey: "K7QM-2XFD", feedback }}
      onRestart={onRestart}
    />,
    { url: "/feedback", ...options },
  );
  return { ...rendered, onRestart };
}

afterEach(() => {
  cleanup();
  forgetFeedback();
  localStorage.clear();
  sessionStorage.clear();
});

describe("feedback result", () => {
  it("VALID: says a crime seems present, with the complaint countdown, and takes the focus", () => {
    renderResult(result());
    const title = screen.getByRole("heading", { level: 1, name: "Il risultato del questionario" });
    expect(document.activeElement).toBe(title);
    expect(screen.getByRole("heading", { level: 2, name: "Sembra che ci sia un reato" })).toBeTruthy();
    expect(screen.getByText("Valutazione: valida")).toBeTruthy();
    expect(screen.getByText("Hai ancora 45 giorni per sporgere querela")).toBeTruthy();
    expect(screen.getByText("Ultimo giorno utile: 24 aprile 2026.")).toBeTruthy();
    expect(screen.getAllByText(/non è un parere legale/).length).toBeGreaterThan(0);
    // The same honest name as on the home page and in the PDF (ADR 005).
    expect(screen.getByText("Prima valutazione orientativa gratuita")).toBeTruthy();
    expect(screen.getAllByText(/È una prima valutazione orientativa/).length).toBeGreaterThan(0);
  });

  it("with the author not known, counts down to a prudent date and says the term starts later", () => {
    renderResult(
      result({
        deadlines: [
          {
            kind: "QUERELA",
            date: "2026-04-24",
            article: "612-ter c.p.",
            note: "Data prudente per la querela, calcolata da quando hai saputo dei fatti: il termine decorre da quando saprai chi è l'autore (revenge porn).",
            prudent: true,
          },
        ],
      }),
    );
    expect(screen.getByText("Per sicurezza, presenta querela entro 45 giorni")).toBeTruthy();
    expect(
      screen.getByText(
        "Data prudente: 24 aprile 2026. Il termine vero parte da quando saprai chi è l'autore.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Ultimo giorno utile/)).toBeNull();
  });

  it("counts down in the singular, and says when the term ends today", () => {
    const deadline = (date: string) =>
      result({
        deadlines: [
          { kind: "QUERELA", date, article: "595 c.p.", note: "Ultimo giorno per presentare querela" },
        ],
      });
    renderResult(deadline("2026-03-11"));
    expect(screen.getByText("Hai ancora 1 giorno per sporgere querela")).toBeTruthy();
    cleanup();
    renderResult(deadline(ASOF));
    expect(screen.getByText("Il termine per sporgere querela scade oggi")).toBeTruthy();
    expect(screen.getByText(/scade oggi$/, { selector: "span" })).toBeTruthy();
  });

  it("lists the offences with title, article, procedibility and the complaint deadline", () => {
    renderResult(
      result({
        offences: [
          REVENGE_PORN,
          {
            ...REVENGE_PORN,
            code: "EXTORTION",
            article: "629 c.p.",
            title: "Estorsione tentata",
            procedibility: "UFFICIO",
            complaintDeadline: null,
            certain: false,
          },
        ],
      }),
    );
    const offences = screen.getByRole("region", { name: "I reati che sembrano esserci" });
    const cards = within(offences).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole("heading", { name: REVENGE_PORN.title })).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText("art. 612-ter c.p.")).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText(/Si procede a querela/)).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText("24 aprile 2026")).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText(/Si procede d'ufficio/)).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText(/Da verificare/)).toBeTruthy();
  });

  it("lists the deadlines in order with their kind, date, note and article", () => {
    renderResult(result());
    const deadlines = within(screen.getByRole("region", { name: "Le scadenze" })).getAllByRole("listitem");
    expect(deadlines.map((item) => item.textContent)).toEqual([
      "Querela24 aprile 2026 · tra 45 giorniUltimo giorno per presentare querelaart. 612-ter c.p.",
      "Prescrizione1 marzo 2032Prescrizione del reatoart. 157 c.p.",
    ]);
  });

  it("shows the Garante's 48 hours and the platform's removal as requests the victim can make, not as deadlines", () => {
    renderResult(
      result({
        deadlines: [
          {
            kind: "GARANTE",
            date: "2026-03-12",
            article: "144-bis D.Lgs. 196/2003",
            note: "Se invii oggi la segnalazione al Garante privacy per le immagini intime, la decisione è attesa entro 48 ore.",
          },
          {
            kind: "PLATFORM",
            date: "2026-03-12",
            article: "2 L. 71/2017",
            note: "Se invii oggi la richiesta di rimozione, la piattaforma deve confermarla entro 24 ore e rimuovere il contenuto entro 48 ore; altrimenti puoi rivolgerti al Garante privacy.",
          },
          ...result().deadlines,
        ],
      }),
    );
    const deadlines = screen.getByRole("region", { name: "Le scadenze" });
    expect(within(deadlines).getAllByRole("listitem")).toHaveLength(2);
    expect(within(deadlines).queryByText(/Garante/)).toBeNull();
    const options = screen.getByRole("region", { name: "Richieste che puoi fare subito" });
    expect(within(options).getByText(/Non sono scadenze/)).toBeTruthy();
    expect(
      within(options)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Segnalazione al Garante per la protezione dei dati personaliSe invii oggi la segnalazione al Garante privacy per le immagini intime, la decisione è attesa entro 48 ore.art. 144-bis D.Lgs. 196/2003",
      "Richiesta di rimozione alla piattaformaSe invii oggi la richiesta di rimozione, la piattaforma deve confermarla entro 24 ore e rimuovere il contenuto entro 48 ore; altrimenti puoi rivolgerti al Garante privacy.art. 2 L. 71/2017",
    ]);
  });

  it("a minor with sexual content: one statement on the complaint, the Garante among the requests (the engine's own result)", () => {
    const answers = AnswersSchema.parse({
      category: "REVENGEPORN",
      firstEventDate: "2026-03-01",
      lastEventDate: "2026-03-01",
      victimIsMinor: true,
      victimAge14Plus: true,
      sexuallyExplicit: true,
      meantPrivate: true,
      consentToShare: false,
      authorMadeOrTook: true,
      channel: "SOCIAL_PUBLIC",
      authorKnown: true,
    });
    stubApi({ "GET /v1/products": { status: 200, body: [] } });
    renderResult(evaluateFeedback(answers, ASOF));
    expect(screen.getByText("Hai ancora 175 giorni per sporgere querela")).toBeTruthy();
    expect(screen.queryByText(/Non c'è un termine per la querela/)).toBeNull();
    expect(screen.queryByText(/Per prudenza/)).toBeNull();
    expect(
      screen.getAllByText(
        /pornografia minorile \(art\. 600-ter c\.p\.\), per la quale si procede d'ufficio, ma non è confermato/,
      ),
    ).toHaveLength(1);
    const deadlines = screen.getByRole("region", { name: "Le scadenze" });
    expect(within(deadlines).queryByText(/Garante/)).toBeNull();
    const options = screen.getByRole("region", { name: "Richieste che puoi fare subito" });
    expect(within(options).getByText(/Garante per la protezione dei dati personali/)).toBeTruthy();
    expect(
      screen.getByRole("region", { name: "Una persona del nostro team esaminerà il tuo caso" }),
    ).toBeTruthy();
  });

  it("shows the non-empty sections under their Italian titles, with each entry's article", () => {
    renderResult(result());
    const detail = screen.getByRole("region", { name: "La valutazione nel dettaglio" });
    const titles = within(detail)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([SECTION.labels.lawDetail, SECTION.labels.actionsAndDeadlines]);
    expect(within(detail).getByText("La legge punisce la diffusione senza consenso.")).toBeTruthy();
    expect(within(detail).getByText("art. 612-ter c.p.")).toBeTruthy();
    const actions = within(detail).getByText(SECTION.labels.actionsAndDeadlines).closest("details");
    expect(actions?.open).toBe(true);
  });

  it("WITHRESERVE: a possible crime, valid with reserve", () => {
    renderResult(result({ evaluation: "WITHRESERVE" }));
    expect(screen.getByRole("heading", { level: 2, name: "Potrebbe esserci un reato" })).toBeTruthy();
    expect(screen.getByText("Valutazione: valida con riserva")).toBeTruthy();
  });

  it("NOTVALID: no crime seems present, why, and what can still be done", () => {
    renderResult(
      result({
        evaluation: "NOTVALID",
        offences: [],
        deadlines: [],
        sections: {
          ...EMPTY_SECTIONS,
          whyNoCrime: [{ text: "L'offesa sembra essere stata vista solo da te.", article: "595 c.p." }],
        },
      }),
    );
    expect(screen.getByRole("heading", { level: 2, name: "Non sembra esserci un reato" })).toBeTruthy();
    const why = screen.getByText(SECTION.labels.whyNoCrime).closest("details");
    expect(why?.open).toBe(true);
    expect(screen.getByText("L'offesa sembra essere stata vista solo da te.")).toBeTruthy();
    // A result stored before civil remedies existed still says what can be done.
    expect(screen.getByRole("heading", { level: 2, name: "Che cosa puoi fare comunque" })).toBeTruthy();
    expect(screen.queryByText(/per sporgere querela/)).toBeNull();
    expect(screen.queryByRole("region", { name: "I reati che sembrano esserci" })).toBeNull();
  });

  it("NOTVALID for an insult in a video call: what to do instead of a complaint, with the sources", () => {
    renderResult(
      result({
        evaluation: "NOTVALID",
        offences: [],
        deadlines: [],
        civilRemedies: [
          {
            text: "L'ingiuria non si persegue con una querela: puoi chiedere al giudice civile il risarcimento del danno e la condanna dell'autore a una sanzione pecuniaria civile, che in questo caso va da 200 a 12.000 euro, perché l'offesa è avvenuta davanti ad altre persone.",
            article: "D.Lgs. 7/2016",
          },
          {
            text: "Il diritto al risarcimento in sede civile si prescrive, di regola, in 5 anni.",
            article: "2947 c.c.",
          },
        ],
      }),
    );
    const instead = screen.getByRole("region", { name: "Che cosa puoi fare invece della querela" });
    const remedies = within(instead).getAllByRole("listitem").slice(0, 2);
    expect(remedies.map((item) => item.textContent)).toEqual([
      "L'ingiuria non si persegue con una querela: puoi chiedere al giudice civile il risarcimento del danno e la condanna dell'autore a una sanzione pecuniaria civile, che in questo caso va da 200 a 12.000 euro, perché l'offesa è avvenuta davanti ad altre persone.D.Lgs. 7/2016",
      "Il diritto al risarcimento in sede civile si prescrive, di regola, in 5 anni.art. 2947 c.c.",
    ]);
    expect(within(instead).getByRole("heading", { level: 3, name: "E intanto" })).toBeTruthy();
    expect(within(instead).getByText(/Segnala il contenuto alla piattaforma/)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Che cosa puoi fare comunque" })).toBeNull();
  });

  it("EXPIRED: terms passed, with a way back to the home page and no countdown", () => {
    renderResult(
      result({
        evaluation: "EXPIRED",
        deadlines: [
          {
            kind: "QUERELA",
            date: "2025-01-10",
            article: "595 c.p.",
            note: "Termine per la querela scaduto",
          },
        ],
      }),
    );
    expect(
      screen.getByRole("heading", { level: 2, name: "I termini per agire sembrano scaduti" }),
    ).toBeTruthy();
    expect(screen.getByText("Valutazione: reato prescritto o termine scaduto")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Torna alla pagina iniziale" }).getAttribute("href")).toBe("/");
    expect(screen.queryByText(/per sporgere querela/)).toBeNull();
    expect(screen.getByText(/scaduta$/, { selector: "span" })).toBeTruthy();
  });

  it("humanReview: a person of the team will look, no services to buy, the emergency numbers", () => {
    stubApi({ "GET /v1/products": { status: 200, body: [] } });
    renderResult(result({ humanReview: true, recommendedServices: ["ADVICE"] }));
    const notice = screen.getByRole("region", { name: "Una persona del nostro team esaminerà il tuo caso" });
    expect(within(notice).getByText(/non ti\s+proponiamo servizi da acquistare/)).toBeTruthy();
    expect(
      within(notice)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["tel:114", "tel:1522", "tel:112"]);
    expect(screen.queryByRole("region", { name: "Come possiamo aiutarti" })).toBeNull();
    expect(screen.getByRole("link", { name: "Registrati per aprire la pratica" })).toBeTruthy();
  });

  it("recommends the services with the catalogue's names and prices, linking their pages", async () => {
    const { calls } = stubApi({
      "GET /v1/products": {
        status: 200,
        body: [
          {
            code: "LEGALIZATION",
            name: "Legalizzazione",
            description: "Acquisizione forense della pagina.",
            price: 120,
            discountedPrice: 99.5,
            vatRate: 22,
            meta: { order: 1 },
          },
          {
            code: "TAKEDOWN",
            name: "Takedown",
            description: "Rimozione dei link.",
            price: 1490,
            discountedPrice: 1490,
            vatRate: 22,
            meta: { order: 2 },
          },
        ],
      },
    });
    renderResult(result({ recommendedServices: ["LEGALIZATION", "TAKEDOWN", "INJUCTION"] }));
    const services = screen.getByRole("region", { name: "Come possiamo aiutarti" });
    expect(await within(services).findByRole("link", { name: "Legalizzazione" })).toBeTruthy();
    expect(within(services).getByRole("link", { name: "Legalizzazione" }).getAttribute("href")).toBe(
      "/services/legalization",
    );
    expect(within(services).getByText("99,50 €")).toBeTruthy();
    expect(within(services).getByText("120,00 €")).toBeTruthy();
    expect(within(services).getByText("1.490,00 €")).toBeTruthy();
    // A product the catalogue lacks still shows, by its Italian name, without a price.
    expect(within(services).getByRole("link", { name: "Diffida" }).getAttribute("href")).toBe(
      "/services/formal-notice",
    );
    expect(calls.find((call) => call.url === "/v1/products")?.headers.has("Authorization")).toBe(false);
  });

  it("gives the practice code and its claim key to note down, and the PDF that prints them", () => {
    renderResult(result());
    expect(screen.getByText("AR-7KM2Q9XD")).toBeTruthy();
    expect(screen.getByText("K7QM-2XFD")).toBeTruthy();
    expect(screen.getByText(/Annota il codice pratica e la chiave di recupero/)).toBeTruthy();
    expect(screen.getByText(/accedi e scegli «Ho un codice pratica»/)).toBeTruthy();
    const pdf = screen.getByRole("link", { name: "Scarica la valutazione in PDF" });
    // The link carries the key, so the PDF may print it (the server prints only a key the request holds).
    expect(pdf.getAttribute("href")).toBe(`/v1/practices/${PRACTICE_ID}/feedback.pdf?claimKey=K7QM-2XFD`);
    expect(pdf.hasAttribute("download")).toBe(true);
  });

  it("the calls to register or log in carry the practice id, and leave no id in localStorage", async () => {
    const { router } = renderResult(result());
    fireEvent.click(screen.getByRole("link", { name: "Registrati per aprire la pratica" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/register"));
    expect(router.state.location.state).toEqual({ practiceId: PRACTICE_ID });
    expect(router.state.location.search).toBe("");
    // The next person on a shared device would find it there.
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.lastKnownPracticeId)).toBeNull();

    cleanup();
    const second = renderResult(result());
    fireEvent.click(screen.getByRole("link", { name: "Hai già un account? Accedi" }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe("/account/login"));
    expect(second.router.state.location.state).toEqual({ practiceId: PRACTICE_ID });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.lastKnownPracticeId)).toBeNull();
  });

  it("signed in already: adds the practice with this tab's token and lands on the dashboard", async () => {
    writeFeedbackClaim({ practiceId: PRACTICE_ID, claimToken: "token-of-this-tab" });
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 404, body: { message: "x" } },
      [`PATCH /v1/practices/${PRACTICE_ID}/user`]: {
        status: 200,
        body: { practiceId: PRACTICE_ID, ticketCode: "AR-7KM2Q9XD", status: "PENDING" },
      },
    });
    const authClient = fakeOidcClient({
      restore: vi.fn(async () => ({ sub: "user-1", given_name: "Giulia" })),
    });
    const { router } = renderResult(result(), { authClient });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi la pratica al tuo account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(router.state.location.state).toEqual({ claimedTicketCode: "AR-7KM2Q9XD" });
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ claimToken: "token-of-this-tab" });
    expect(readFeedbackClaim()).toBeNull();
    expect(screen.queryByRole("link", { name: "Registrati per aprire la pratica" })).toBeNull();
  });

  it("signed in, with an expired token or none: adds the practice with the code and the key shown", async () => {
    writeFeedbackClaim({ practiceId: PRACTICE_ID, claimToken: "expired" });
    const { calls } = stubApi({
      "GET /v1/users/me": { status: 404, body: { message: "x" } },
      [`PATCH /v1/practices/${PRACTICE_ID}/user`]: {
        status: 403,
        body: { code: "FORBIDDEN", message: "Non è possibile aggiungere questa pratica.", requestId: "r" },
      },
      "POST /v1/practices/claim": {
        status: 200,
        body: { practiceId: PRACTICE_ID, ticketCode: "AR-7KM2Q9XD", status: "PENDING" },
      },
    });
    const authClient = fakeOidcClient({
      restore: vi.fn(async () => ({ sub: "user-1", given_name: "Giulia" })),
    });
    const { router } = renderResult(result(), { authClient });
    fireEvent.click(await screen.findByRole("button", { name: "Aggiungi la pratica al tuo account" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({
      ticketCode: "AR-7KM2Q9XD",
      claimKey: "K7QM-2XFD",
    });
  });

  it("offers a new questionnaire; the page shows a remembered result in place of the questionnaire", () => {
    const { onRestart } = renderResult(result());
    fireEvent.click(screen.getByRole("button", { name: "Compila un nuovo questionario" }));
    expect(onRestart).toHaveBeenCalled();
    cleanup();

    rememberSubmission({
      practiceId: PRACTICE_ID,
      ticketCode: "AR-7KM2Q9XD",
      claimKey: "K7QM-2XFD",
      feedback: result(),
    });
    renderWithApp(<FeedbackPage />, { url: "/feedback" });
    expect(screen.getByRole("heading", { level: 1, name: "Il risultato del questionario" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Compila un nuovo questionario" }));
    expect(screen.getByRole("heading", { level: 1, name: "Raccontaci che cosa è successo" })).toBeTruthy();
    expect(screen.getByText("Passo 1 di 7")).toBeTruthy();
  });
});
