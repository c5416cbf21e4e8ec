import { expect, test } from "@playwright/test";
import { accessTokenOf, expectAccessible, registerClient, signIn, totpCode } from "../support.ts";

// ADR 036: a lawyer without a second factor sees the cases listed but opens none; she turns the "verifica in
// due passaggi" on in her profile, signs in again with the app's code, and opens the case.

test("@desktop a lawyer without a second factor cannot open a case; enrolled and signed in with a code, can", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = `avvocata-${Date.now()}@example.org`;
  const password = "Girasole-Lento-42";
  await registerClient(page, email, password);
  // The admin makes her a lawyer (set up through the API: the grant's screen is not what is tested here).
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin@demo.argine.it");
  const bearer = { authorization: `Bearer ${await accessTokenOf(admin)}` };
  const users = await admin.request.get(`/v1/admin/users?q=${encodeURIComponent(email)}`, {
    headers: bearer,
  });
  const userId = ((await users.json()) as { data: { id: string }[] }).data[0]?.id;
  expect((await admin.request.put(`/v1/users/${userId}/roles/lawyer`, { headers: bearer })).status()).toBe(
    200,
  );
  await admin.context().close();

  await signIn(page, email, password);
  await page.goto("/dashboard/practices/case/AR-DEMO0001");
  // The case area's own calm word and the way to act, with no error dialog on top of it.
  await expect(
    page.getByText("Per aprire le pratiche serve la verifica in due passaggi. Attivala"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Attiva la verifica in due passaggi" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Messaggi" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Attiva la verifica in due passaggi" }).click();
  await expect(page.getByText("Come avvocato o amministratore ti serve")).toBeVisible();
  await page.getByRole("button", { name: "Attiva la verifica in due passaggi" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("second-factor-key").textContent()) ?? "";
  await expectAccessible(page);
  await page.getByLabel("Codice dall'app").fill("000000");
  await page.getByRole("button", { name: "Conferma e attiva" }).click();
  await expect(page.getByRole("alert")).toContainText("Il codice non è corretto");
  await page.getByLabel("Codice dall'app").fill(await totpCode(secret));
  await page.getByRole("button", { name: "Conferma e attiva" }).click();
  await expect(page.getByRole("list", { name: "Codici di recupero" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "Ho salvato i codici" }).click();
  await expect(
    page.getByText(/La verifica in due passaggi è attiva\. Codici di recupero ancora validi: 10/),
  ).toBeVisible();

  // A new sign-in asks for the code, and the case opens.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await signIn(page, email, password, { totpSecret: secret });
  await page.goto("/dashboard/practices/case/AR-DEMO0001");
  await expect(page.getByRole("heading", { level: 1, name: "Pratica AR-DEMO0001" })).toBeVisible();
  await expect(page.getByText(/Per aprire le pratiche serve la verifica in due passaggi/)).toHaveCount(0);
});
