import { expect, type Page, test } from "@playwright/test";
import { FAILING_MAIL_BASE_URL } from "../server.ts";
import { DEMO_PASSWORD, expectAccessible, signIn } from "../support.ts";

// A mail that always fails ends in the dead-letter queue, and the admin workspace shows it. These
// journeys run against the second server (playwright.config.ts, server.ts): its mail server is a closed port
// and each mail is retried once, a second later, so the whole round takes seconds. Each journey queues a mail
// of its own; only the desktop one puts a mail back, so the two projects never retry the same row.

test.use({ baseURL: FAILING_MAIL_BASE_URL });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The admin's page of the dead letters, reloaded until the queue has given up on at least one mail. */
async function openDeadLetters(page: Page) {
  await signIn(page, "admin@demo.argine.it", DEMO_PASSWORD);
  await page.goto("/dashboard/admin/dead-letters");
  await expect(page.getByRole("heading", { name: "Invii non riusciti", level: 1 })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("table", { name: /Invii non riusciti: [1-9]/ })).toBeVisible();
  }).toPass({ timeout: 60_000 });
  return page.getByRole("row").filter({ hasText: "ECONNREFUSED" }).first();
}

test("a mail the server never accepts is listed in 'Invii non riusciti', without its content", async ({
  page,
}) => {
  // It waits for the queue to give up on a mail: a job's pace, not the page's.
  test.slow();
  const email = `dead-letter-${unique()}@example.org`;
  const signup = await page.request.post("/v1/newsletter", { data: { email, privacyAccepted: true } });
  expect(signup.status()).toBe(202);

  const row = await openDeadLetters(page);
  await expect(row.getByRole("rowheader")).toHaveText("Email");
  // The first attempt and the one retry, refused at connection.
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await expect(row).toContainText("connect ECONNREFUSED 127.0.0.1:1");
  await expect(page.locator("body")).not.toContainText(email);
  await expect(page.getByRole("button", { name: /^Riprova l'invio in coda dal / }).first()).toBeVisible();
  await expectAccessible(page);
});

test("@desktop the admin puts a failed mail back in the queue from the keyboard", async ({ page }) => {
  test.slow();
  const reset = await page.request.post("/v1/users/password-reset", {
    data: { email: "cliente@demo.argine.it" },
  });
  expect(reset.status()).toBe(202);

  const row = await openDeadLetters(page);
  const retry = row.getByRole("button", { name: /^Riprova/ });
  await retry.focus();
  await expect(retry).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("region", { name: "Invii non riusciti", exact: true }).getByRole("status"),
  ).toHaveText("Rimesso in coda: sarà ritentato a breve.");
  // The row left the table with its button: the focus is on the page's heading.
  await expect(page.getByRole("heading", { name: "Invii non riusciti", level: 1 })).toBeFocused();
  await expectAccessible(page);
});
