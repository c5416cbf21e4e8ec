import { expect, test } from "@playwright/test";
import {
  accessTokenOf,
  completeSignIn,
  DEMO_PASSWORD,
  expectAccessible,
  openMail,
  registerClient,
  signIn,
} from "../support.ts";

// ADR 035: making someone a lawyer opens every victim's case to them, so the grant is confirmed, needs a fresh
// sign-in, and the other admins hear of it. The e2e server deems a sign-in stale after 15 seconds
// (STAFF_GRANT_MAX_AUTH_AGE_SECONDS in playwright.config.ts).

const PASSWORD = "Girasole-Lento-42";

test("an admin grants the lawyer role after confirming and signing in again; another admin is mailed @desktop", async ({
  browser,
  page,
}) => {
  // Two registrations and three sign-ins.
  test.slow();
  const stamp = Date.now();
  const newcomer = `nuova-avvocata-${stamp}@example.org`;
  const otherAdmin = `altra-admin-${stamp}@example.org`;
  await registerClient(page, newcomer, PASSWORD);
  await registerClient(page, otherAdmin, PASSWORD);

  // Set-up through the API, from a tab of its own (its token's renewal spends that tab's refresh token): a
  // second admin, who will hear of the grant.
  const setup = await browser.newPage();
  await signIn(setup, "admin@demo.argine.it");
  const auth = { authorization: `Bearer ${await accessTokenOf(setup)}` };
  const found = await setup.request.get(`/v1/admin/users?q=${encodeURIComponent(otherAdmin)}`, {
    headers: auth,
  });
  const otherId = ((await found.json()) as { data: { id: string }[] }).data[0]?.id;
  const made = await setup.request.put(`/v1/users/${otherId}/roles/admin`, { headers: auth });
  expect(made.status(), await made.text()).toBe(200);
  await setup.close();

  await signIn(page, "admin@demo.argine.it");
  const signedInAt = Date.now();
  await page.goto("/dashboard/admin");
  await expect(page.getByRole("heading", { name: "Utenti e ruoli", level: 1 })).toBeVisible();
  await page.getByLabel("Cerca per email o nome").fill(newcomer);
  await page.getByRole("button", { name: "Cerca" }).click();
  const row = page.getByRole("row", { name: new RegExp(newcomer.replaceAll(".", "\\.")) });
  await row.getByRole("button", { name: /^Rendi avvocato/ }).click();

  const dialog = page.getByRole("alertdialog", { name: "Rendere Bianca Verdi avvocato?" });
  await expect(dialog).toContainText("vedrà le pratiche di tutte le vittime");
  await expect(dialog.getByRole("button", { name: "Annulla" })).toBeFocused();
  await expectAccessible(page);
  // The admin's sign-in goes stale (15 s on this server) before the confirmation: the API wants a fresh one.
  await expect.poll(() => Date.now() - signedInAt, { timeout: 30_000 }).toBeGreaterThan(16_000);
  await dialog.getByRole("button", { name: "Sì, rendi avvocato" }).click();

  // The provider asks for the password again, and the grant is made on the way back.
  await page.waitForURL(/\/account\/login\?uid=/);
  await page.getByLabel(/^Email/).fill("admin@demo.argine.it");
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Accedi" }).click();
  await completeSignIn(page, /\/dashboard\/admin$/);
  await expect(page.getByText("Ruolo di avvocato assegnato a Bianca Verdi.")).toBeVisible();

  await openMail(page, otherAdmin, /Un ruolo dello staff è stato assegnato/);
  await expect(page.getByText(/Chiara Conti ha assegnato il ruolo di avvocato a Bianca Verdi/)).toBeVisible();
});
