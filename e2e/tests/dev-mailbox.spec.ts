import { expect, test } from "@playwright/test";
import { E2E_MAILBOX_KEY } from "../server.ts";
import { expectAccessible, MAILBOX_URL } from "../support.ts";

// The demo mailbox opens only through the link with its key (printed at start); without it the page says
// where to find that link and shows no mail.

test("the demo mailbox asks for its link's key and shows nothing without it", async ({ page }) => {
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Casella email di prova" })).toBeVisible();
  await expect(page.getByText(/usa il link completo che il server stampa all'avvio/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Messaggi" })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/dev/mailbox?key=${E2E_MAILBOX_KEY}-sbagliata`);
  await expect(page.getByText(/la chiave del link non è valida/)).toBeVisible();
  await expect(page.getByRole("list", { name: "Messaggi" })).toHaveCount(0);
});

test("with the key, the page reads the mailbox", async ({ page }) => {
  await page.goto(MAILBOX_URL);
  await expect(page.getByRole("status").filter({ hasText: /^\d+ messagg[io]$/ })).toBeVisible();
  await expect(page.getByText(/non è disponibile|usa il link completo/)).toHaveCount(0);
  await expectAccessible(page);
});
