import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { newPractice, signInWithBearer } from "../shop.ts";
import {
  expectAccessible,
  expectNoHorizontalOverflow,
  mailedLink,
  openMail,
  registerClient,
  waitForHydration,
  watchConsole,
} from "../support.ts";

// The free consultation (ADR 031), as a new person meets it: /consulenza explains, shows the free slots by
// day and asks for one; a visitor confirms it from the mail's link (only then is the slot hers, ADR 031's
// amendment); the confirmation mail carries the calendar invitation (.ics) and the link to move or cancel
// it; cancelling from that link frees the slot again. A signed-in client finds her booking in her area (the
// overview, the practice she attached), moves it from there and sees the video link staff sent. The demo lawyer reads the bookings in the
// agenda, by week and by day. Every screen is checked with axe at 390 px (mobile project) and 1280 px.

// The run's own person: another run on the same server, or an earlier attempt, never has the same address.
const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;

const dayGroup = (page: Page) => page.getByRole("group", { name: "Giorno", exact: true });
const timeGroup = (page: Page) => page.getByRole("group", { name: /^Orario di/ });

/** /consulenza, live, with its free slots on screen. */
async function openBookingPage(page: Page) {
  await page.goto("/consulenza");
  await expect(
    page.getByRole("heading", { level: 1, name: "Parla con un avvocato del nostro team" }),
  ).toBeVisible();
  await waitForHydration(page);
  await expect(dayGroup(page).getByRole("radio").first()).toBeVisible();
}

/** The days beyond the first two weeks come on request. */
async function showAllDays(page: Page) {
  // The days must be on screen first: `isVisible` does not wait, and a late list would hide the button.
  await expect(dayGroup(page).getByRole("radio").first()).toBeVisible();
  const more = page.getByRole("button", { name: /^Mostra altri giorni/ });
  if (await more.isVisible()) await more.click();
}

/** Opens a day (YYYY-MM-DD) among the slots. */
async function chooseDay(page: Page, date: string) {
  await showAllDays(page);
  await dayGroup(page).locator(`input[value="${date}"]`).check();
}

/** "lunedì 7 dicembre", as the page names a Rome day. */
const dayName = (date: string) =>
  new Intl.DateTimeFormat("it-IT", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

/** Rome's calendar day of an instant, YYYY-MM-DD. */
const romeDay = (instant: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome", dateStyle: "short" }).format(instant);

test("/consulenza explains, lists the free slots and is accessible, also with its errors", async ({
  page,
}) => {
  const errors = watchConsole(page);
  await openBookingPage(page);
  await expect(page.getByText("Non siamo un servizio di emergenza.")).toBeVisible();
  await expect(page.locator("main").getByRole("link", { name: "112" })).toHaveAttribute("href", "tel:112");
  // The days are Italian days ("lunedì 7 dicembre"), each with its count; the first one's times are open.
  const firstDay = dayGroup(page).getByRole("radio").first();
  await expect(firstDay).toBeChecked();
  const firstName = dayName(await firstDay.inputValue());
  expect(firstName).toMatch(/^(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{1,2} [a-z]+$/);
  await expect(dayGroup(page).locator("label").first()).toContainText(/\d+ orar[io] liber[oi]/);
  await expect(timeGroup(page)).toContainText(`Orario di ${firstName}`);
  await expect(timeGroup(page).getByRole("radio").first()).toBeVisible();
  expect(await timeGroup(page).locator("label").first().innerText()).toMatch(/^\d{2}:\d{2}$/);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  // Sent empty: the summary says what is missing, in Italian, and nothing is booked.
  await page.getByRole("button", { name: "Prenota la consulenza gratuita" }).click();
  const summary = page.getByRole("region", { name: /errori da correggere/ });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("button", { name: /^Giorno e orario:/ })).toBeVisible();
  await expectAccessible(page.locator("main"));
  expect(errors).toEqual([]);
});

test("a visitor asks on the phone, confirms from the mail, finds the invitation, cancels from its link, and the slot is free again", {
  tag: "@phone",
}, async ({ page }) => {
  test.slow();
  const email = `visitatrice-${stamp}@example.it`;
  await openBookingPage(page);

  // The last day offered, its last time: the other journeys book elsewhere.
  await showAllDays(page);
  const date = await dayGroup(page).getByRole("radio").last().inputValue();
  const day = dayName(date);
  await chooseDay(page, date);
  await expect(timeGroup(page)).toContainText(`Orario di ${day}`);
  const time = timeGroup(page).getByRole("radio").last();
  const startsAt = await time.inputValue();
  const hour = await timeGroup(page).locator("label").last().innerText();
  await time.check();
  await expect(page.getByText(`Hai scelto: ${day} alle ${hour}`)).toBeVisible();

  await page.getByLabel(/^Nome e cognome/).fill("Sara Verdi");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Telefono/).fill("333 765 4321");
  await page.getByRole("radio", { name: /^Telefonata/ }).check();
  await page.getByLabel(/^Ho letto l'informativa sulla privacy/).check();
  const answer = page.waitForResponse(
    (response) => response.url().endsWith("/v1/consultations") && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Prenota la consulenza gratuita" }).click();
  expect(((await (await answer).json()) as { status: string }).status).toBe("requested");
  await expect(page.getByText("Ci sei quasi: conferma dall'email")).toBeVisible();
  await expect(page.getByText(`${day} alle ${hour}`).first()).toBeVisible();
  await expect(page.getByText(/Ti abbiamo scritto a/)).toContainText("l'orario non è ancora tuo");
  await expectAccessible(page.locator("main"));

  // Until she confirms, the slot is still offered to others.
  const offered = async () =>
    (
      (await (await page.request.get("/v1/consultations/slots")).json()) as { slots: { startsAt: string }[] }
    ).slots.map((slot) => slot.startsAt);
  expect(await offered()).toContain(startsAt);
  const request = await mailedLink(page, email, /Conferma la tua consulenza/, "/consulenza/gestisci");
  await page.goto(request);
  await expect(page.getByText("Da confermare", { exact: true })).toBeVisible();
  await expectAccessible(page);
  const confirmed = page.waitForResponse((response) => response.url().endsWith("/manage/confirm"));
  await page.getByRole("button", { name: "Conferma la consulenza" }).click();
  const booked = (await (await confirmed).json()) as { id: string };
  await expect(page.getByText(/Fatto: la consulenza è confermata per/)).toBeVisible();
  await expect(page.getByText("Prenotata", { exact: true })).toBeVisible();
  expect(await offered()).not.toContain(startsAt);

  // The confirmation in the demo mailbox, with the invitation to download.
  await openMail(page, email, /Consulenza gratuita fissata/);
  const invitation = page.getByRole("link", { name: "Scarica consulenza.ics" });
  await expect(invitation).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), invitation.click()]);
  expect(download.suggestedFilename()).toBe("consulenza.ics");
  const ics = readFileSync((await download.path()) ?? "", "utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("METHOD:REQUEST");
  expect(ics).toContain(`UID:${booked.id}@argine.it`);

  // The mail's link opens the booking; the token leaves the address bar.
  const link = await mailedLink(page, email, /Consulenza gratuita fissata/, "/consulenza/gestisci");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "La tua consulenza" })).toBeVisible();
  await expect(page.getByText("Telefonata", { exact: true })).toBeVisible();
  await expect(page.getByText("Prenotata", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/consulenza\/gestisci$/);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Annulla la consulenza" }).click();
  await expect(page.locator("p", { hasText: /Vuoi davvero annullare la consulenza di/ })).toBeFocused();
  await expectAccessible(page.locator("main"));
  await page.getByRole("button", { name: "Sì, annulla la consulenza" }).click();
  await expect(page.getByText(/La consulenza è annullata e l'orario torna libero/)).toBeVisible();
  await expect(page.getByText("Annullata", { exact: true })).toBeVisible();
  // The cancellation is mailed too, with the update that takes it off the calendar.
  await mailedLink(page, email, /Consulenza gratuita annullata/, "/consulenza");

  // The slot is offered again.
  await openBookingPage(page);
  await chooseDay(page, date);
  await expect(timeGroup(page).locator(`input[value="${startsAt}"]`)).toBeVisible();
  await expect(timeGroup(page).getByRole("radio", { name: hour, exact: true })).toBeVisible();
});

test("the manage page explains a link that does not work and leads to a new booking", async ({ page }) => {
  await page.goto("/consulenza/gestisci?t=link-non-valido");
  await expect(page.getByRole("heading", { level: 1, name: "La tua consulenza" })).toBeVisible();
  await expect(page.getByText(/Il link non è valido/)).toBeVisible();
  await expect(page).toHaveURL(/\/consulenza\/gestisci$/);
  await page.getByRole("link", { name: "Prenota una nuova consulenza" }).click();
  await expect(page).toHaveURL(/\/consulenza$/);
  await page.goBack();
  await expect(page.getByText(/Il link non è valido/)).toBeVisible();
  await expectAccessible(page);
});

test("a booking's manage page at 1280 px: moved to another slot, then cancelled", {
  tag: "@desktop",
}, async ({ page }) => {
  test.slow();
  const email = `visitatore-${stamp}@example.it`;
  // Booked through the API as the page books: the first slot of the last day offered.
  const slots = (await (await page.request.get("/v1/consultations/slots")).json()) as {
    slots: { startsAt: string; date: string; time: string }[];
  };
  const lastDay = slots.slots.at(-1)?.date;
  const [first, second] = slots.slots.filter((slot) => slot.date === lastDay);
  expect(first && second).toBeTruthy();
  const created = await page.request.post("/v1/consultations", {
    data: {
      name: "Paolo Bianchi",
      email,
      phone: "3471234567",
      kind: "video",
      startsAt: first?.startsAt,
      privacyAccepted: true,
    },
  });
  expect(created.status()).toBe(201);
  await page.goto(await mailedLink(page, email, /Conferma la tua consulenza/, "/consulenza/gestisci"));
  await expect(page.getByText("Videochiamata", { exact: true })).toBeVisible();
  await expect(page.getByText(`dalle ${first?.time}`)).toBeVisible();
  await page.getByRole("button", { name: "Conferma la consulenza" }).click();
  await expect(page.getByText(/Fatto: la consulenza è confermata per/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Sposta a un altro orario" }).click();
  await expect(page.getByRole("heading", { name: "Scegli il nuovo orario" })).toBeFocused();
  await chooseDay(page, second?.date ?? "");
  await timeGroup(page)
    .getByRole("radio", { name: second?.time ?? "", exact: true })
    .check();
  await expectAccessible(page.locator("main"));
  await page.getByRole("button", { name: "Sposta la consulenza" }).click();
  await expect(page.getByText(/Fatto: la consulenza ora è/)).toBeVisible();
  await expect(page.getByText(`dalle ${second?.time}`)).toBeVisible();
  await mailedLink(page, email, /Consulenza gratuita spostata/, "/consulenza/gestisci");

  await page.getByRole("button", { name: "Annulla la consulenza" }).click();
  await page.getByRole("button", { name: "Sì, annulla la consulenza" }).click();
  await expect(page.getByText(/La consulenza è annullata/)).toBeVisible();
  await expectAccessible(page);
});

test("the demo lawyer reads the demo client's booking in the agenda, by week and by day", {
  tag: "@desktop",
}, async ({ page }) => {
  // Each video call in the agenda now carries its link's form: a busy machine takes longer to draw it.
  test.slow();
  const authorization = await signInWithBearer(page, "avvocato@demo.argine.it");
  // The seed books the demo client a few days ahead: where in the agenda, the API says.
  const today = romeDay(new Date());
  const later = romeDay(new Date(Date.now() + 20 * 24 * 3600 * 1000));
  const agenda = await page.request.get(`/v1/admin/consultations?from=${today}&to=${later}`, {
    headers: { authorization },
  });
  expect(agenda.status()).toBe(200);
  const demo = ((await agenda.json()) as { data: { email: string; date: string; time: string }[] }).data.find(
    (booking) => booking.email === "cliente@demo.argine.it",
  );
  expect(demo).toBeTruthy();

  await page
    .getByRole("navigation", { name: "Area personale" })
    .getByRole("link", { name: "Consulenze" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Consulenze" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Settimana", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goto(`/dashboard/consultations?vista=settimana&giorno=${demo?.date}`);
  const booking = page.locator("article").filter({ hasText: "Giulia Esposito" });
  await expect(booking).toBeVisible();
  await expect(booking).toContainText(`${demo?.time}–`);
  await expect(booking).toContainText("Videochiamata");
  await expect(booking).toContainText("Prenotata");
  await expect(booking.getByRole("link", { name: "cliente@demo.argine.it" })).toBeVisible();
  await expect(booking.getByRole("link", { name: /^Pratica AR-/ })).toBeVisible();
  // Not started yet: nothing to mark, only the video link to send. (The seed has no past booking to mark
  // "Svolta" or "Non si è presentato"; the agenda's unit tests mark one.)
  await expect(booking.getByRole("button", { name: /Svolta|presentato/ })).toHaveCount(0);
  await expect(booking.getByLabel(/^Link della videochiamata/)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Giorno", exact: true }).click();
  await expect(page.getByRole("button", { name: "Giorno", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page).toHaveURL(/vista=giorno/);
  await expect(booking).toBeVisible();
  await page.getByRole("button", { name: /Giorno successivo/ }).click();
  await expect(booking).toHaveCount(0);
  await page.getByRole("button", { name: /Giorno precedente/ }).click();
  await expect(booking).toBeVisible();

  // The team's hours, as the seed set them: Monday to Friday, morning and afternoon.
  const monday = page.getByRole("group", { name: "lunedì" });
  await expect(monday.getByLabel(/^Dalle/).first()).toHaveValue("09:30");
  await expect(page.getByRole("group", { name: "domenica" })).toContainText("Chiuso");
  await expectAccessible(page.getByRole("region", { name: "Orari delle consulenze" }));
});

test("the hours' editor takes away a new special day, and a range on it, at the first «Togli»", {
  tag: "@desktop",
}, async ({ page }) => {
  await signInWithBearer(page, "avvocato@demo.argine.it");
  await page.goto("/dashboard/consultations");
  const editor = page.getByRole("form", { name: "Orari delle consulenze" });
  await editor.getByRole("button", { name: "Aggiungi un giorno con orari speciali" }).click();
  const day = editor.getByRole("group", { name: "Nuovo giorno" });
  // The new day's date field has the focus; leaving it empty for a button must not cost that button's click.
  await expect(day.getByLabel(/^Giorno/)).toBeFocused();
  await day.getByRole("button", { name: /^Aggiungi una fascia/ }).click();
  await expect(day.getByLabel(/^Dalle/)).toBeFocused();
  await day.getByRole("button", { name: /^Togli questa fascia/ }).click();
  await expect(day.getByLabel(/^Dalle/)).toHaveCount(0);
  await expect(day).toContainText("Chiuso tutto il giorno");
  await day.getByLabel(/^Giorno/).focus();
  await day.getByRole("button", { name: /^Togli gli orari speciali/ }).click();
  await expect(day).toHaveCount(0);
  await expect(editor).toContainText("Nessuno: valgono gli orari della settimana.");
});

test("a client finds her booking on the overview and on her practice, moves it, and sees the video link staff sent", async ({
  page,
  browser,
}, testInfo) => {
  // A new account, a practice, a booking moved, and the lawyer's own sign-in in a second browser.
  test.setTimeout(180_000);
  // A new client of her own, with a confirmed address: her booking is fixed at once.
  const email = `cliente-consulenza-${testInfo.project.name}-${stamp}@example.it`;
  await registerClient(page, email, "Tranquilla42");
  const authorization = await signInWithBearer(page, email, "Tranquilla42");
  const { ticketCode } = await newPractice(page, authorization);

  // The area links the booking page, which offers her practice.
  await page.goto("/dashboard");
  const area = page.getByRole("region", { name: "Le tue consulenze gratuite" });
  await expect(area).toContainText("Non hai consulenze in programma.");
  await area.getByRole("link", { name: "Prenota la consulenza gratuita" }).click();
  await expect(page).toHaveURL(/\/consulenza$/);
  await waitForHydration(page);
  // Two days before the last: the phone and the desktop runs take times of their own.
  await showAllDays(page);
  const days = dayGroup(page).getByRole("radio");
  const date = await days.nth((await days.count()) - 3).inputValue();
  await chooseDay(page, date);
  const index = testInfo.project.name === "mobile" ? 2 : 0;
  const first = timeGroup(page).getByRole("radio").nth(index);
  const firstTime = await timeGroup(page).locator("label").nth(index).innerText();
  const secondTime = await timeGroup(page)
    .locator("label")
    .nth(index + 1)
    .innerText();
  await first.check();
  await expect(page.getByLabel(/^Email/)).toHaveValue(email);
  await page.getByLabel(/^Vuoi collegare una tua pratica/).selectOption({ label: `Pratica ${ticketCode}` });
  await page.getByRole("radio", { name: /^Videochiamata/ }).check();
  // A video call needs no phone number.
  await expect(page.getByLabel(/^Telefono/)).not.toHaveAttribute("aria-required", "true");
  await page.getByLabel(/^Ho letto l'informativa sulla privacy/).check();
  await page.getByRole("button", { name: "Prenota la consulenza gratuita" }).click();
  await expect(page.getByText("Consulenza prenotata")).toBeVisible();

  // On the overview, with its state and the way to change it.
  const when = (time: string) => `Consulenza di ${dayName(date)} alle ${time}`;
  await page.goto("/dashboard");
  const booking = area.getByRole("article", { name: when(firstTime) });
  await expect(booking).toContainText("Prenotata");
  await expect(booking).toContainText("Te lo mandiamo prima dell'appuntamento");
  await expectNoHorizontalOverflow(page);
  await expectAccessible(area);
  await page.screenshot({ path: testInfo.outputPath("overview.png"), fullPage: true });

  // On the practice she attached.
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  const onPractice = page.getByRole("region", { name: "Consulenze gratuite per questa pratica" });
  await expect(onPractice.getByRole("article", { name: when(firstTime) })).toContainText(ticketCode);
  await expectAccessible(onPractice);

  // Moved from there, through the manage page the mail links to.
  await onPractice.getByRole("link", { name: /^Sposta o annulla/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "La tua consulenza" })).toBeVisible();
  await page.getByRole("button", { name: "Sposta a un altro orario" }).click();
  await chooseDay(page, date);
  await timeGroup(page).getByRole("radio", { name: secondTime, exact: true }).check();
  await page.getByRole("button", { name: "Sposta la consulenza" }).click();
  await expect(page.getByText(/Fatto: la consulenza ora è/)).toBeVisible();
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  await expect(onPractice.getByRole("article", { name: when(secondTime) })).toBeVisible();

  // The demo lawyer sends the video link from the agenda.
  const staff = await browser.newContext();
  const lawyer = await staff.newPage();
  await signInWithBearer(lawyer, "avvocato@demo.argine.it");
  await lawyer.goto(`/dashboard/consultations?vista=giorno&giorno=${date}`);
  const item = lawyer.locator("article").filter({ has: lawyer.getByRole("link", { name: email }) });
  const videoUrl = `https://meet.example.it/argine-${stamp}`;
  await item.getByLabel(/^Link della videochiamata/).fill(videoUrl);
  await item.getByRole("button", { name: "Invia il link" }).click();
  await expect(item.getByText("Link inviato alla persona.")).toBeVisible();
  await expectAccessible(item);
  await staff.close();

  // Mailed to her, and in her area.
  await mailedLink(page, email, /Il link per la consulenza gratuita/, "https://meet.example.it/");
  await page.goto("/dashboard");
  await expect(
    area
      .getByRole("article", { name: when(secondTime) })
      .getByRole("link", { name: /Collegati alla videochiamata/ }),
  ).toHaveAttribute("href", videoUrl);
});
