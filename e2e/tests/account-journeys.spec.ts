import { expect, test } from "@playwright/test";
import { serverLog } from "../server.ts";
import { expectAccessible, fillRegistration, mailedLink, signIn, waitForHydration } from "../support.ts";

// The account's journeys (register, reset, sign in and out) as a new user would live them, in the real
// server with the demo mailbox.

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test("register, verify by mail, sign in, edit profile, password and billing, log out from the fifth menu entry", async ({
  page,
}) => {
  // A whole journey, many pages each checked with axe: it gets the slow-test time.
  test.slow();
  const email = `giulia.${unique()}@example.it`;
  const password = "Tranquilla42";
  const newPassword = "Serena2026x";

  await page.goto("/account/register");
  // The way back to the questionnaire (spec: "a return to the feedback"), named as the product names it.
  await expect(page.getByRole("link", { name: "Vai al questionario gratuito" })).toHaveAttribute(
    "href",
    "/feedback",
  );
  await expectAccessible(page);
  await fillRegistration(page, { name: "Giulia", lastname: "Rossi", email, password });

  await page.goto(await mailedLink(page, email, /Conferma/, "/account/verify"));
  await expect(page.getByRole("heading", { name: "Indirizzo confermato" })).toBeVisible();
  expect(page.url()).not.toContain("token=");

  await page.goto("/account/login");
  await page.waitForURL(/\/account\/login\?uid=/);
  await expectAccessible(page);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill("Sbagliata99");
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("alert")).toContainText("Email o password non corretti.");
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await page.waitForURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Ciao, Giulia" })).toBeVisible();
  expect(await page.title()).not.toContain("Giulia");

  await page.goto("/dashboard/profile/info");
  await page.getByLabel(/^Nome/).fill("Giulia Maria");
  await page.getByRole("button", { name: "Salva i dati" }).click();
  await expect(page.getByText("I tuoi dati sono stati aggiornati.")).toBeVisible();
  await page.getByLabel(/^Password attuale/).fill("NonQuesta1");
  await page.getByLabel(/^Nuova password/).fill(newPassword);
  await page.getByLabel(/^Conferma la nuova password/).fill(newPassword);
  await page.getByRole("button", { name: "Cambia password" }).click();
  await expect(page.getByText("La password attuale non è corretta.")).toBeVisible();
  await page.getByLabel(/^Password attuale/).fill(password);
  await page.getByRole("button", { name: "Cambia password" }).click();
  await expect(page.getByText("La tua password è stata cambiata.")).toBeVisible();
  await expectAccessible(page);

  await page.goto("/dashboard/profile/invoice");
  await page.getByLabel(/^Codice fiscale/).fill("RSSMRA85T10A562X");
  await page.getByLabel(/^CAP/).fill("2012");
  await page.getByRole("button", { name: "Salva i dati di fatturazione" }).click();
  await expect(page.getByText("CAP non valido: deve avere 5 cifre.")).toBeVisible();
  await expect(page.getByText("Codice fiscale non valido.")).toBeVisible();
  await page.getByLabel(/^Codice fiscale/).fill("rssmra85t10a562s");
  await page.getByLabel(/^Indirizzo/).fill("Via Roma 1");
  await page.getByLabel(/^CAP/).fill("20121");
  await page.getByLabel(/^Città/).fill("Milano");
  await page.getByLabel(/^Provincia/).selectOption("MI");
  await page.getByRole("button", { name: "Salva i dati di fatturazione" }).click();
  await expect(page.getByText("I dati di fatturazione sono stati salvati.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: /Giulia/ }).click();
  const entries = await page.getByRole("menuitem").allTextContents();
  expect(entries.map((e) => e.trim())).toEqual([
    "I tuoi dati",
    "Le tue pratiche",
    "Dati di fatturazione",
    "I tuoi ordini",
    "Esci",
  ]);
  const logout = page.waitForRequest((r) => r.url().includes("/oidc/session/end"));
  await page.getByRole("menuitem", { name: "Esci" }).click();
  await page.waitForURL(/\/$/);
  // The logout URL carries the ID token (name and address inside): the server's log must not.
  const idTokenHint = new URL((await logout).url()).searchParams.get("id_token_hint") ?? "";
  expect(idTokenHint.split(".")).toHaveLength(3);
  await expect.poll(serverLog).toContain("/oidc/session/end?id_token_hint=[redacted]");
  expect(serverLog()).not.toContain(idTokenHint.split(".")[1]);
  await expect(page.getByRole("link", { name: "Accedi" })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => /token/i.test(k)))).toEqual([]);

  // The dashboard is closed: the provider session ended too, so the password is asked again.
  await page.goto("/dashboard");
  await page.waitForURL(/\/account\/login\?uid=/);
  await expect(page.getByLabel(/^Password/)).toBeVisible();
  await signIn(page, email, newPassword);
});

test("password reset through the demo mailbox; a used link is refused", async ({ page }) => {
  const email = `reset.${unique()}@example.it`;
  // Registered as the form sends it (the form is the journey above), its address never confirmed.
  const created = await page.request.post("/v1/users", {
    data: { name: "Sara", lastname: "Verdi", email, password: "Primavera12", privacyConsent: true },
  });
  expect(created.status()).toBe(202);

  await page.goto("/account/reset");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole("button", { name: "Invia il link" }).click();
  await expect(page.getByRole("heading", { name: "Email inviata" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Invia di nuovo" })).toBeVisible();

  const link = await mailedLink(page, email, /password/i, "/account/reset");
  await page.goto(link);
  await page.getByLabel(/^Nuova password/).fill("Rinascita77");
  await page.getByLabel(/^Conferma la nuova password/).fill("Rinascita77");
  await page.getByRole("button", { name: "Salva la nuova password" }).click();
  await expect(page.getByRole("heading", { name: "Password aggiornata" })).toBeVisible();

  await page.goto(link);
  await page.getByLabel(/^Nuova password/).fill("Rinascita88");
  await page.getByLabel(/^Conferma la nuova password/).fill("Rinascita88");
  await page.getByRole("button", { name: "Salva la nuova password" }).click();
  await expect(
    page.getByText("Il link non è valido, è scaduto o è già stato usato. Richiedine uno nuovo."),
  ).toBeVisible();

  // The reset also proved the address: the new password opens the account.
  await signIn(page, email, "Rinascita77");
});

test("the login leaves no step behind: Back from the sign-in form returns to the page before, opened or clicked", async ({
  page,
}) => {
  // Opened as a document, the login's inline start leads on before the app's scripts (ADR 044).
  await page.goto("/faq");
  await page.goto("/account/login");
  await page.waitForURL(/\/account\/login\?uid=/);
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/faq$/);
  // Reached by a link inside the app, the app leads on the same way.
  await page.goto("/services/takedown");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Hai già una pratica? Accedi" }).click();
  await page.waitForURL(/\/account\/login\?uid=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/services\/takedown$/);
});

test("the login callback's three error cases of spec §8", async ({ page }) => {
  await page.goto("/callback?error=unauthorized&error_description=X");
  await page.waitForURL(/\/account\/login\?error=X$/);
  await expect(page.getByRole("alert")).toContainText("X");

  await page.goto("/callback?error=access_denied");
  await page.waitForURL(/\/account\/login\?error=/);
  await expect(page.getByRole("alert")).toContainText(
    "Errore cookie terze parti disattivati! Controlla le impostazioni del browser.",
  );

  await signIn(page, "cliente@demo.argine.it", "Demo!Argine2026");
  await page.goto("/callback?error=temporarily_unavailable");
  await page.waitForURL(/\/$/);
  await expect(page.getByRole("link", { name: "Accedi" })).toBeVisible();
});

test("the access token is renewed silently before it expires, and the demo lawyer carries the lawyer role", async ({
  page,
}) => {
  const grants: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/oidc/token"))
      grants.push(new URLSearchParams(r.postData() ?? "").get("grant_type") ?? "");
  });
  await signIn(page, "avvocato@demo.argine.it", "Demo!Argine2026");
  // Tokens live 66 s in this server: 7 s later, by the page's clock, less than 60 s remain, so the next call
  // renews first (the server's clock is not moved: the token is still valid there).
  await page.clock.install({ time: Date.now() + 7_000 });
  await page.goto("/dashboard/profile/info");
  await expect(page.getByLabel(/^Nome/)).toHaveValue("Marco");
  expect(grants).toContain("refresh_token");
  // The id token the app keeps for this tab carries the roles claim.
  const roles = await page.evaluate(() => {
    const idToken = Object.entries(sessionStorage).find(([key]) => key.endsWith("idToken"))?.[1] ?? "";
    const payload = idToken.split(".")[1] ?? "";
    return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))).roles as string[];
  });
  expect(roles).toEqual(["lawyer"]);
});
