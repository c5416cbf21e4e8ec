import { expect, test } from "@playwright/test";
import { expectAccessible, signIn, waitForHydration } from "../support.ts";

// The support chat (ADR 030), as a visitor on a phone meets it: the launcher on a public page opens the window
// (its code loaded only then), she writes without an account, reloads and finds her thread again; a lawyer,
// in another browser, answers from the inbox and she sees the answer without reloading.

test("a visitor writes to the team on a phone, and sees the lawyer's answer live @phone", async ({
  page,
  browser,
}) => {
  test.slow();
  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(request.url()));
  await page.goto("/faq");
  const launcher = page.getByRole("button", { name: "Scrivi al team" });
  await expect(launcher).toBeVisible();
  // The window's code is not part of the page until the launcher is pressed.
  expect(loaded.some((url) => /support-panel/.test(url))).toBe(false);
  await launcher.click();
  // On a phone the window fills the screen: a modal dialog.
  const chat = page.getByRole("dialog", { name: "Scrivi al team di Argine" });
  await expect(chat).toBeVisible();
  expect(loaded.some((url) => /support-panel/.test(url))).toBe(true);
  await expect(chat.getByText(/Orari: dal lunedì al venerdì/)).toBeVisible();
  await expectAccessible(chat);

  const box = chat.getByLabel(/^Il tuo messaggio/);
  await expect(box).toBeFocused();
  await box.pressSequentially("Buongiorno, qualcuno ha pubblicato le mie foto.");
  await box.press("Shift+Enter");
  await box.pressSequentially("Cosa posso fare?");
  const sent = page.waitForResponse(
    (response) => response.url().endsWith("/v1/support/thread/messages") && response.status() === 201,
  );
  await box.press("Enter");
  const { threadId } = (await (await sent).json()) as { threadId: string };
  const mine = chat.getByText("Buongiorno, qualcuno ha pubblicato le mie foto.", { exact: false });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText("Cosa posso fare?");
  await expect(box).toHaveValue("");

  // A reload: the thread is found again by the token this browser kept.
  await page.reload();
  // A press before React takes the reloaded page over does nothing.
  await waitForHydration(page);
  await page.getByRole("button", { name: "Scrivi al team" }).click();
  await expect(chat.getByText("Cosa posso fare?", { exact: false })).toBeVisible();

  const lawyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const lawyer = await lawyerContext.newPage();
  try {
    await signIn(lawyer, "avvocato@demo.argine.it");
    await lawyer.goto("/dashboard/support");
    await expect(lawyer.getByRole("heading", { name: "Assistenza", level: 1 })).toBeVisible();
    // Staff answer from the inbox: no launcher for them.
    await expect(lawyer.getByRole("button", { name: "Scrivi al team" })).toHaveCount(0);
    await lawyer.locator(`a[href*="${threadId}"]`).click();
    const thread = lawyer.getByRole("region", { name: "Conversazione" });
    await expect(thread.getByText("Cosa posso fare?", { exact: false })).toBeVisible();
    // The lawyer has the thread on screen: the visitor, without reloading, sees it was read.
    await expect(chat.getByText("Letto dal team")).toBeVisible();
    await expectAccessible(lawyer);

    const answer = thread.getByLabel(/^La tua risposta/);
    await answer.fill(
      "Siamo qui. Per prima cosa non cancellare nulla: ti spieghiamo come conservare le prove.",
    );
    await expect(chat.getByText("Il team sta scrivendo…")).toBeVisible();
    await answer.press("Enter");
    await expect(answer).toHaveValue("");
    // The visitor's window, untouched since the reload, shows the answer.
    await expect(chat.getByText(/Per prima cosa non cancellare nulla/)).toBeVisible();
    await expect(chat.getByText("Il team sta scrivendo…")).toHaveCount(0);
    // Her window shows the answer, so she has read it: the lawyer sees it under his line.
    await expect(thread.getByText("Letto", { exact: true })).toBeVisible();
    await expectAccessible(chat);

    // Escape closes the window and gives the keyboard back to the launcher.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Scrivi al team" })).toBeFocused();
  } finally {
    await lawyerContext.close();
  }
});

test("the FAQ's and «Chi siamo»'s «chat di assistenza» open the chat, and the consultation is a link away", async ({
  page,
}, testInfo) => {
  for (const path of ["/faq", "/whoweare"]) {
    await page.goto(path);
    await page.getByRole("link", { name: "chat di assistenza" }).first().click();
    const chat = page.getByRole(testInfo.project.name === "mobile" ? "dialog" : "region", {
      name: "Scrivi al team di Argine",
    });
    await expect(chat).toBeVisible();
    await expect(chat.getByLabel(/^Il tuo messaggio/)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(chat).toHaveCount(0);
  }
  // The free appointment the FAQ promises is booked on a real page.
  await page.goto("/faq");
  await page
    .getByRole("link", { name: /appuntamento gratuito/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/consulenza$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("on Christmas Day the window says the team is closed, and when it is back", async ({
  page,
}, testInfo) => {
  // Friday 25 December 2026, 11:00 in Rome: a weekday's hours, but a national holiday (and Santo Stefano
  // follows on Saturday), whatever day the machine running the test is on.
  await page.clock.setFixedTime(new Date("2026-12-25T10:00:00Z"));
  await page.goto("/faq");
  await page.getByRole("link", { name: "chat di assistenza" }).first().click();
  // On a phone the window is a modal dialog, from tablets up a region in a corner.
  const chat = page.getByRole(testInfo.project.name === "mobile" ? "dialog" : "region", {
    name: "Scrivi al team di Argine",
  });
  await expect(chat.getByText(/In questo momento siamo chiusi: torniamo lunedì alle 9:00/)).toBeVisible();
  await expect(chat).not.toContainText("al lavoro");
  await expect(chat).not.toContainText("entro un'ora");
  await expect(chat.getByText(/chiuso nei giorni festivi/)).toBeVisible();
  await expectAccessible(chat);
});
