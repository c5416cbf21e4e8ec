import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { generate } from "otplib";
import { E2E_MAILBOX_KEY, MAILBOX_URL } from "./server.ts";

export { MAILBOX_URL };

// What every browser journey does the same way: check a page with axe, sign in, read the demo mailbox.

export const DEMO_PASSWORD = "Demo!Argine2026";

/**
 * No axe violation on the page, or on one part of it: a screen is checked whole once, and what changes on it
 * afterwards (a dialog, an error under a form, a panel's new state) on its own, as axe on a whole page costs
 * seconds on a busy machine. A step of its own in the report, so its time shows.
 */
export async function expectAccessible(target: Page | Locator) {
  await test.step("axe", async () => {
    const part = "page" in target ? target : null;
    // Every rule still runs. Legacy mode runs axe in the page itself (the pages have no cross-origin frames),
    // where the default opens a new tab to gather the frames' results; and only violations are reported.
    const axe = new AxeBuilder({ page: part ? part.page() : (target as Page) })
      .setLegacyMode()
      .options({ resultTypes: ["violations"] });
    if (part) {
      await part.evaluate((el) => el.setAttribute("data-axe-part", ""));
      axe.include("[data-axe-part]");
    }
    try {
      const { violations } = await axe.analyze();
      expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    } finally {
      await part?.evaluate((el) => el.removeAttribute("data-axe-part")).catch(() => {});
    }
  });
}

/** Collects console errors: a CSP violation, a failed hydration or a failed call shows up here. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    // The document's own 404 status is reported as a failed resource; it is what we want there.
    const isDocument404 = m.text().includes("status of 404") && m.location().url === page.url();
    if (m.type() === "error" && !isDocument404) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * The page is no wider than the screen: a phone never scrolls sideways. Measured against the viewport asked
 * for, not window.innerWidth: a phone's browser (isMobile) widens its layout viewport to fit wide content, so
 * innerWidth grows with the overflow and would always match.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The demo lawyer's and admin's authenticator key (packages/db/src/seed.ts, ADR 036). */
export const DEMO_TOTP_SECRET = "ARGINEDEMOSTAFFTOTPKEY2345ABCDEF";
/** The codes' period the e2e server runs with (playwright.config.ts TOTP_PERIOD_SECONDS). */
export const E2E_TOTP_PERIOD_SECONDS = 2;

// Which time steps this run's journeys already typed, one empty file per secret and step: each code is
// accepted once (ADR 036), and two workers signing in as the same demo lawyer within one period would
// otherwise spend it twice (a wrong code counts against the account and the address).
const TOTP_CLAIMS = join(tmpdir(), "argine-e2e-totp");
mkdirSync(TOTP_CLAIMS, { recursive: true });

/**
 * The authenticator's code for `secret` of a time step no other journey of this run typed: the current one
 * if it is free, else the next, waited for as a person waits for the app's next code.
 */
export async function totpCode(secret: string): Promise<string> {
  for (;;) {
    const epoch = Math.floor(Date.now() / 1000);
    const step = Math.floor(epoch / E2E_TOTP_PERIOD_SECONDS);
    try {
      writeFileSync(join(TOTP_CLAIMS, `${secret}-${step}`), "", { flag: "wx" });
      return generate({ secret, period: E2E_TOTP_PERIOD_SECONDS, epoch });
    } catch {
      await new Promise((resolve) =>
        setTimeout(resolve, (step + 1) * E2E_TOTP_PERIOD_SECONDS * 1000 - Date.now()),
      );
    }
  }
}

/**
 * Signs in through the login page and waits for the dashboard. An account with a second factor (the demo
 * staff, with DEMO_TOTP_SECRET; another with `totpSecret`) types the app's code next.
 */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  { totpSecret = DEMO_TOTP_SECRET }: { totpSecret?: string } = {},
) {
  await page.goto("/account/login");
  await page.waitForURL(/\/account\/login\?uid=/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await completeSignIn(page, /\/dashboard$/, totpSecret);
}

/**
 * After the password: the app's code when the account has a second factor (one no other journey typed, and the
 * next one if the server still refuses it, a code typed late after a later one), then `landing`.
 */
export async function completeSignIn(page: Page, landing: RegExp, totpSecret = DEMO_TOTP_SECRET) {
  const codeField = page.getByLabel(/^Codice/);
  await Promise.race([page.waitForURL(landing), codeField.waitFor()]);
  for (let tries = 0; tries < 4 && !landing.test(page.url()); tries++) {
    await codeField.fill(await totpCode(totpSecret));
    const answer = page.waitForResponse(
      (r) => r.url().endsWith("/second-factor") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Verifica" }).click();
    if ((await answer).ok()) break;
  }
  await page.waitForURL(landing);
}

/** An access token for the signed-in tab, through its refresh token (as the app itself renews). */
export async function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const refresh = Object.entries(sessionStorage).find(([k]) => k.endsWith("refreshToken"))?.[1] ?? "";
    const body = new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refresh,
      client_id: "argine-web",
      resource: `${location.origin}/v1`,
    });
    const res = await fetch("/oidc/token", { method: "POST", body });
    return ((await res.json()) as { access_token: string }).access_token;
  });
}

/**
 * Where the mails are read: the demo mailbox of the server under test, or, against the cluster
 * (cluster.config.ts), whose mails go out through SMTP, the cluster's capture of them
 * (scripts/cluster/mail-capture.ts), which answers at the demo mailbox's paths on an origin of its own.
 */
const MAIL_ORIGIN = process.env.E2E_CAPTURED_MAIL_URL ?? "";

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/**
 * The newest mail to `to` whose subject matches, from the demo mailbox's API. Mails leave through the job
 * queue a moment after the request that queued them: the mailbox is asked until this one is there.
 */
async function mailTo(page: Page, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mailbox = await page.request.get(`${MAIL_ORIGIN}/v1/dev/mailbox?key=${E2E_MAILBOX_KEY}`);
        const mails = mailbox.ok() ? ((await mailbox.json()) as Mail[]) : [];
        found = mails.find((mail) => mail.to === to && subject.test(mail.subject));
        return found !== undefined;
      },
      // The mailbox answers 30 times a minute an address: a worker asks at most every 2 s.
      { timeout: 15_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(true);
  return found as Mail;
}

/** Opens the newest mail to `to` whose subject matches on the demo mailbox's page, once it has arrived. */
export async function openMail(page: Page, to: string, subject: RegExp): Promise<void> {
  await mailTo(page, to, subject);
  await page.goto(`${MAIL_ORIGIN}${MAILBOX_URL}`);
  await page
    .getByRole("button", { name: subject })
    .filter({ hasText: `A: ${to}` })
    .first()
    .click();
}

/**
 * The link to `path` in the newest mail to `to` whose subject matches, as the mail app shows it (the mailbox
 * page is dev-mailbox.spec.ts's: a journey reads the mail itself).
 */
export async function mailedLink(page: Page, to: string, subject: RegExp, path: string): Promise<string> {
  const mail = await mailTo(page, to, subject);
  const link = new RegExp(`(?:https?://[^\\s"'<>]*)?${path}[^\\s"'<>]*`);
  const href = link.exec(mail.html ?? "")?.[0] ?? link.exec(mail.text)?.[0];
  if (!href) throw new Error(`no ${path} link in the mail`);
  return href.replaceAll("&amp;", "&");
}

/** The registration form filled and sent, as a person does; ends on "Controlla la tua email". */
export async function fillRegistration(
  page: Page,
  who: { name: string; lastname: string; email: string; password: string },
) {
  await page.getByLabel(/^Nome/).fill(who.name);
  await page.getByLabel(/^Cognome/).fill(who.lastname);
  await page.getByLabel(/^Email/).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByLabel(/^Conferma la password/).fill(who.password);
  await page.getByLabel(/^Ho letto l'informativa sulla privacy/).check();
  await page.getByRole("button", { name: "Crea l'account" }).click();
  await expect(page.getByRole("heading", { name: "Controlla la tua email" })).toBeVisible();
}

/** A new client account, registered and confirmed through the API and the demo mailbox. */
export async function registerClient(page: Page, email: string, password: string) {
  const created = await page.request.post("/v1/users", {
    data: { name: "Bianca", lastname: "Verdi", email, password, privacyConsent: true },
  });
  expect(created.status()).toBe(202);
  const verify = await mailedLink(page, email, /Conferma/, "/account/verify");
  await page.goto(verify);
  await expect(page.getByRole("heading", { name: "Indirizzo confermato" })).toBeVisible();
}

/** Where the quick exit goes. */
export const NEUTRAL_SITE = "https://www.google.it/";

/** The neutral site, answered locally: the machine running the tests may have no internet. */
export async function fakeNeutralSite(page: Page) {
  await page.route(`${NEUTRAL_SITE}**`, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Google</title><p>Sito neutro</p>" }),
  );
}

/** Waits until React has hydrated the page: keyboard shortcuts exist only from then on. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const exit = document.querySelector("body a, body button");
    return exit !== null && Object.keys(exit).some((key) => key.startsWith("__reactProps"));
  });
  // Hydrated is not yet listening: React runs the effects (the quick exit's Shift listener among them) after
  // the commit, in a task of their own. Two frames and a task later they have run, even on a busy machine.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}
