import { expect, type Page } from "@playwright/test";
import { newPractice, signInWithBearer, test } from "../shop.ts";
import { expectAccessible, signIn } from "../support.ts";

// The case conversation, live (ADR 030): the client writes on her practice; the demo lawyer, in another
// browser, sees the unread count on his list without reloading, opens the practice and answers; the client
// sees the answer, and that he read hers, without reloading. Enter sends, Shift+Enter goes to a new line, and
// a message that looks like HTML is shown as its text.

const conversation = (page: Page) =>
  page.getByRole("region", { name: /Contatta il tuo avvocato|Messaggi con il cliente/ });

test("the client and the lawyer talk on a practice, each seeing the other's message live", async ({
  page,
  browser,
  shopClient,
}) => {
  test.slow();
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode } = await newPractice(page, authorization);
  await page.goto(`/dashboard/practices/case/${ticketCode}`);

  const lawyerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const lawyer = await lawyerContext.newPage();
  // What reaches the lawyer's tab through its live socket: the news comes this way, not by a reload.
  const pushed: string[] = [];
  lawyer.on("websocket", (socket) =>
    socket.on("framereceived", (frame) => pushed.push(String(frame.payload))),
  );
  try {
    await signIn(lawyer, "avvocato@demo.argine.it");
    // The lawyer's list, found by the practice's number: no message yet.
    await lawyer.goto(`/dashboard/practices?q=${ticketCode}`);
    const card = lawyer.locator("article").filter({ hasText: `Pratica ${ticketCode}` });
    await expect(card).toBeVisible();
    await expect(card.getByText(/messaggi? nuov/)).toHaveCount(0);

    // "Contatta l'avvocato" leads to the text area, ready to type in.
    await page.getByRole("link", { name: "Contatta l'avvocato" }).click();
    const box = page.getByLabel("Scrivi al tuo avvocato");
    await expect(box).toBeFocused();
    await box.pressSequentially("<script>alert('x')</script>");
    await box.press("Shift+Enter");
    await box.pressSequentially("Ho trovato un altro post.");
    await expect(box).toHaveValue("<script>alert('x')</script>\nHo trovato un altro post.");
    await box.press("Enter");
    await expect(page.getByText("Messaggio inviato.")).toBeVisible();
    await expect(box).toHaveValue("");

    // The lawyer's list, untouched since it opened, counts it; the practice shows it: as text, never run.
    await expect(card.getByText("1 messaggio nuovo")).toBeVisible();
    await expectAccessible(card);
    await card.getByRole("link", { name: `Pratica ${ticketCode}` }).click();
    const written = conversation(lawyer).getByText("<script>alert('x')</script>", { exact: false });
    await expect(written).toBeVisible();
    await expect(written).toContainText("Ho trovato un altro post.");
    expect(await lawyer.evaluate(() => document.querySelectorAll("main script").length)).toBe(0);
    expect(pushed.some((frame) => frame.includes('"activity"'))).toBe(true);
    await expectAccessible(conversation(lawyer));

    const answer = lawyer.getByLabel("Scrivi al cliente");
    await answer.fill("Ricevuto: lo aggiungo alla pratica.");
    // While he types, she sees it; once his message arrives, the note goes.
    await expect(conversation(page).getByText("L'avvocato sta scrivendo…")).toBeVisible();
    await answer.press("Enter");
    await expect(conversation(page).getByText("Ricevuto: lo aggiungo alla pratica.")).toBeVisible();
    await expect(conversation(page).getByText("L'avvocato sta scrivendo…")).toHaveCount(0);
    // The lawyer read her message when the practice opened: she sees it under her message.
    await expect(conversation(page).getByText("Letto dall'avvocato")).toBeVisible();
    await expectAccessible(conversation(page));

    // Offline (a tunnel, a dead zone): she is told, her message waits instead of spinning, and it leaves
    // once the network is back, once.
    await page.context().setOffline(true);
    await expect(
      conversation(page).getByText("Sei offline: il messaggio partirà appena torni in linea."),
    ).toBeVisible();
    await box.fill("Scritto senza rete.");
    await box.press("Enter");
    await expect(conversation(page).getByText(/^In attesa di invio/)).toBeVisible();
    await expect(page.getByText("Caricamento…")).toHaveCount(0);
    await expectAccessible(conversation(page));
    await page.context().setOffline(false);
    await expect(conversation(page).getByText("Scritto senza rete.")).toHaveCount(1);
    await expect(conversation(lawyer).getByText("Scritto senza rete.")).toHaveCount(1);
    await expect(conversation(page).getByText("Sei offline")).toHaveCount(0);
  } finally {
    await lawyerContext.close();
  }
});
