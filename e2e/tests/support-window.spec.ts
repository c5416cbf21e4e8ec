import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  type TestInfo,
  test,
} from "@playwright/test";
import { E2E_MAILBOX_KEY } from "../server.ts";
import { signInWithBearer } from "../shop.ts";
import { expectAccessible, fakeNeutralSite, waitForHydration } from "../support.ts";

// The support window and the staff inbox as a frightened visitor and the team meet them (ADR 030): the window
// opens at the newest answer, a line arriving out of view raises «Nuovi messaggi», offline says so and sends
// once back; staff tell visitors apart and see who left by the quick exit; the answer mail's link opens the
// thread in another browser. On a phone the window is a modal dialog, and the launcher covers nothing.

const TITLE = "Scrivi al team di Argine";
const phone = (testInfo: TestInfo) => testInfo.project.name === "mobile";
/** The window: a modal dialog filling a phone's screen, a region in a corner from tablets up. */
const chatWindow = (page: Page, testInfo: TestInfo) =>
  page.getByRole(phone(testInfo) ? "dialog" : "region", { name: TITLE });

/** A visitor's first line through the API, as the window sends it: the thread, and the token to keep. */
async function visitorWrites(request: APIRequestContext, text: string, email?: string) {
  const res = await request.post("/v1/support/thread/messages", { data: email ? { text, email } : { text } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { threadId: string; token: string };
}

/** The demo lawyer, signed in in a browser of their own, and a way to answer a thread. */
async function lawyerIn(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    viewport: phone(testInfo) ? { width: 390, height: 844 } : { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  const authorization = await signInWithBearer(page, "avvocato@demo.argine.it");
  const answer = async (threadId: string, text: string) => {
    const res = await page.request.post(`/v1/admin/support/threads/${threadId}/messages`, {
      headers: { authorization },
      data: { text },
    });
    expect(res.status()).toBe(201);
  };
  return { context, page, answer };
}

/** This browser keeps the thread's token, as after its first line. */
async function keepToken(page: Page, token: string) {
  await page.goto("/faq");
  await page.evaluate((value) => localStorage.setItem("supportToken", value), token);
  await waitForHydration(page);
}

test("a visitor with 15 lines reopens the window at the newest answer; one arriving out of view raises «Nuovi messaggi»", async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const { threadId, token } = await visitorWrites(page.request, "Riga 1: mi hanno rubato il profilo.");
  const lawyer = await lawyerIn(browser, testInfo);
  try {
    for (let n = 2; n <= 14; n += 1) await lawyer.answer(threadId, `Riga ${n} del team.`);
    await lawyer.answer(threadId, "Riga 15: ecco cosa fare adesso.");

    // Back after the answer: the window opens at the newest line, not at her own first words.
    await keepToken(page, token);
    await page.getByRole("button", { name: "Scrivi al team" }).click();
    const chat = chatWindow(page, testInfo);
    const log = chat.getByRole("log");
    await expect(log.getByText("Riga 15: ecco cosa fare adesso.")).toBeInViewport();
    await expect(log.getByText("Riga 1: mi hanno rubato il profilo.")).not.toBeInViewport();

    // She scrolls up to read from the start; an answer arrives out of view: a mark, not a jump.
    await log.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(log.getByText("Riga 1: mi hanno rubato il profilo.")).toBeInViewport();
    await lawyer.answer(threadId, "Riga 16: ci sei ancora?");
    const mark = chat.getByRole("button", { name: "Nuovi messaggi" });
    await expect(mark).toBeVisible();
    await expect(log.getByText("Riga 16: ci sei ancora?")).not.toBeInViewport();
    await expect(log.getByText("Riga 1: mi hanno rubato il profilo.")).toBeInViewport();
    await expectAccessible(chat);
    await mark.click();
    await expect(log.getByText("Riga 16: ci sei ancora?")).toBeInViewport();
    await expect(mark).toHaveCount(0);

    // Staff open the long thread at its newest line too.
    await lawyer.page.goto(`/dashboard/support?conversazione=${threadId}`);
    const thread = lawyer.page.getByRole("region", { name: "Conversazione" });
    await expect(thread.getByRole("log").getByText("Riga 16: ci sei ancora?")).toBeInViewport();
    await expect(thread.getByRole("log").getByText("Riga 1: mi hanno")).not.toBeInViewport();
  } finally {
    await lawyer.context.close();
  }
});

test("on a phone the window is a modal dialog: Tab stays inside, Escape and × give the focus back @phone", async ({
  page,
}, testInfo) => {
  await page.goto("/faq");
  await waitForHydration(page);
  const launcher = page.getByRole("button", { name: "Scrivi al team" });
  await launcher.click();
  const chat = chatWindow(page, testInfo);
  await expect(chat).toHaveAttribute("aria-modal", "true");
  await expectAccessible(chat);
  for (let n = 0; n < 12; n += 1) {
    await page.keyboard.press("Tab");
    expect(await chat.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(launcher).toBeFocused();
  await launcher.click();
  await chat.getByRole("button", { name: "Chiudi la chat" }).click();
  await expect(launcher).toBeFocused();
});

test("the launcher sits above the cookie notice's buttons, and steps aside while a text box has the focus", async ({
  browser,
}, testInfo) => {
  // A first visit: the cookie notice is still waiting for an answer.
  const context = await browser.newContext({
    viewport: phone(testInfo) ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  try {
    await page.goto("/faq");
    await waitForHydration(page);
    const notice = page.getByRole("region", { name: "Cookie su questo sito" });
    const launcher = page.getByRole("button", { name: "Scrivi al team" });
    await expect(notice).toBeVisible();
    await expect(launcher).toBeVisible();
    const launcherBox = await launcher.boundingBox();
    for (const name of ["Accetta i cookie analitici", "Solo cookie tecnici"]) {
      const box = await notice.getByRole("button", { name }).boundingBox();
      const overlaps =
        launcherBox &&
        box &&
        launcherBox.x < box.x + box.width &&
        box.x < launcherBox.x + launcherBox.width &&
        launcherBox.y < box.y + box.height &&
        box.y < launcherBox.y + launcherBox.height;
      expect(overlaps).toBeFalsy();
    }
    await page.screenshot({ path: testInfo.outputPath("cookie-and-launcher.png") });
    // Both answer at once: no answer to the notice needed first.
    await launcher.click();
    await expect(chatWindow(page, testInfo)).toBeVisible();
    await page.keyboard.press("Escape");
    await notice.getByRole("button", { name: "Solo cookie tecnici" }).click();
    await expect(notice).toHaveCount(0);

    // Typing in a text box of the page: the launcher is out of the way.
    const email = page.getByRole("textbox").first();
    await email.focus();
    await expect(launcher).toBeHidden();
    await email.blur();
    await expect(launcher).toBeVisible();
  } finally {
    await context.close();
  }
});

test("offline, the window says so and shows the line waiting; back online it leaves once", async ({
  page,
  context,
}, testInfo) => {
  const { token } = await visitorWrites(page.request, "Prima riga, prima di perdere la rete.");
  await keepToken(page, token);
  await page.getByRole("button", { name: "Scrivi al team" }).click();
  const chat = chatWindow(page, testInfo);
  await expect(chat.getByText("Prima riga, prima di perdere la rete.")).toBeVisible();

  await context.setOffline(true);
  await expect(chat.getByText("Sei offline: il messaggio partirà appena torni in linea.")).toBeVisible();
  const box = chat.getByLabel(/^Il tuo messaggio/);
  await box.fill("Scritta in galleria, senza rete.");
  await box.press("Enter");
  await expect(chat.getByText("Tu · in attesa di invio")).toBeVisible();
  await expect(chat.getByRole("button", { name: "In attesa della connessione…" })).toBeDisabled();
  // Waiting, not spinning.
  await expect(page.getByText("Caricamento…")).toHaveCount(0);
  await expectAccessible(chat);

  const sent = page.waitForResponse(
    (response) => response.url().endsWith("/v1/support/thread/messages") && response.status() === 201,
  );
  await context.setOffline(false);
  await sent;
  await expect(chat.getByText("Tu · in attesa di invio")).toHaveCount(0);
  await expect(chat.getByText("Sei offline")).toHaveCount(0);
  await expect(chat.getByRole("log").getByText("Scritta in galleria, senza rete.")).toHaveCount(1);
  await expect(box).toHaveValue("");
});

test(
  "staff tell two visitors apart, and see the one who left by the quick exit as closed",
  { tag: "@desktop" },
  async ({ page, browser }, testInfo) => {
    test.slow();
    const stamp = Date.now().toString(36);
    const first = await visitorWrites(
      page.request,
      `Buonasera ${stamp}, ho bisogno di aiuto per delle foto.`,
    );
    const second = await visitorWrites(page.request, `Salve ${stamp}, qualcuno mi scrive di continuo.`);
    const lawyer = await lawyerIn(browser, testInfo);
    try {
      await lawyer.page.goto("/dashboard/support");
      const list = lawyer.page.getByRole("region", { name: "Conversazioni" });
      const one = list.locator(`a[href*="${first.threadId}"]`);
      const two = list.locator(`a[href*="${second.threadId}"]`);
      await expect(one).toContainText(`«Buonasera ${stamp}, ho bisogno di aiuto per delle foto.»`);
      await expect(two).toContainText(`«Salve ${stamp}, qualcuno mi scrive di continuo.»`);
      const label = async (link: typeof one) => /Visitatore [0-9A-F]{3}/.exec(await link.innerText())?.[0];
      expect(await label(one)).toBe(`Visitatore ${first.threadId.slice(0, 3).toUpperCase()}`);
      expect(await label(two)).not.toBe(await label(one));
      await expect(one).toContainText("In attesa dal");
      await expectAccessible(lawyer.page);

      // The first visitor leaves by the quick exit: her browser tells the server, and keeps nothing.
      await fakeNeutralSite(page);
      await keepToken(page, first.token);
      await page.getByRole("button", { name: "Esci subito" }).click();
      await page.waitForURL(/google\.it/);
      await expect(one).toContainText("Chiusa: ha usato l'uscita rapida");
      await expect(one).not.toContainText("In attesa");
      await expect(two).toContainText("In attesa dal");
      expect(
        (
          await page.request.get("/v1/support/thread", { headers: { "x-support-token": first.token } })
        ).status(),
      ).toBe(404);

      // Staff choose a thread: on a phone it is below the list, and comes into view.
      await two.click();
      const thread = lawyer.page.getByRole("region", { name: "Conversazione" });
      await expect(thread.getByRole("heading", { name: "Conversazione" })).toBeInViewport();
      await expect(thread.getByText(`Salve ${stamp}, qualcuno mi scrive di continuo.`)).toBeVisible();
    } finally {
      await lawyer.context.close();
    }
  },
);

test("the answer mail's link opens the thread in another browser, once @desktop", async ({
  page,
  browser,
}, testInfo) => {
  // The mail leaves once the answer stayed unread CONVERSATION_MAIL_DELAY_SECONDS (a few seconds on the e2e
  // server, playwright.config.ts); three browsers make the journey long all the same.
  test.slow();
  const address = `visitatrice-${Date.now().toString(36)}@example.it`;
  const { threadId, token } = await visitorWrites(
    page.request,
    "Vi lascio la mia e-mail, ho paura.",
    address,
  );
  await fakeNeutralSite(page);
  await keepToken(page, token);
  await page.getByRole("button", { name: "Esci subito" }).click();
  await page.waitForURL(/google\.it/);

  const lawyer = await lawyerIn(browser, testInfo);
  const third = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    await lawyer.answer(threadId, "Ti rispondiamo qui: conserva tutto, non cancellare nulla.");
    let text = "";
    await expect
      .poll(
        async () => {
          const res = await lawyer.page.request.get(`/v1/dev/mailbox?key=${E2E_MAILBOX_KEY}`);
          const mails = res.ok()
            ? ((await res.json()) as { to: string; subject: string; text: string }[])
            : [];
          text =
            mails.find(
              (mail) => mail.to === address && /Hai una risposta alla tua domanda/.test(mail.subject),
            )?.text ?? "";
          return text !== "";
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);
    expect(text).not.toContain("conserva tutto");
    const link = /https?:\/\/\S+#riprendi-chat=[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? "";
    expect(link).not.toBe("");

    // A third browser, another device: the link opens the thread with the answer.
    const other = await third.newPage();
    await other.goto(link);
    const chat = other.getByRole("dialog", { name: TITLE });
    await expect(
      chat.getByText("Ti rispondiamo qui: conserva tutto, non cancellare nulla."),
    ).toBeInViewport();
    await expect(other).not.toHaveURL(/riprendi-chat/);
    await expectAccessible(chat);
    // Used once: the same link again opens nothing, and says why.
    const fresh = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await fresh.goto(link);
    await expect(fresh.getByRole("region", { name: TITLE }).getByRole("alert")).toContainText(
      "Questo link non è più valido",
    );
    await fresh.context().close();
  } finally {
    await third.close();
    await lawyer.context.close();
  }
});
