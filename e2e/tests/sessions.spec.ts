import { type Browser, expect, type Page, test } from "@playwright/test";
import { newPractice } from "../shop.ts";
import { accessTokenOf, expectAccessible, registerClient, signIn } from "../support.ts";

// Issue 37, acceptance 2: the personal area signs out when left idle, after a warning; "Esci da tutti i
// dispositivi" ends every session: another device's refresh token fails and its open chat socket closes; a
// staff role taken away stops working on the next request. Desktop only: the phone sees the same pages.

test.describe.configure({ mode: "parallel" });

const PASSWORD = "Tranquilla42";
const uniqueEmail = (what: string) =>
  `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.it`;

/** The tab's refresh token, as the web app keeps it (support.ts accessTokenOf reads it the same way). */
const refreshTokenOf = (page: Page) =>
  page.evaluate(() => Object.entries(sessionStorage).find(([k]) => k.endsWith("refreshToken"))?.[1] ?? "");

/** The provider's answer to a renewal with `refreshToken`. */
const renew = (page: Page, refreshToken: string) =>
  page.request.post("/oidc/token", {
    form: {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: "argine-web",
      resource: `${new URL(page.url()).origin}/v1`,
    },
  });

async function newContextPage(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  return context.newPage();
}

test("@desktop left idle, the personal area warns, stays on «Resta collegata/o», then signs out and ends the device", async ({
  page,
}) => {
  test.slow();
  // Short timings in the test (the web's timer reads them from GET /v1/auth/config): 20 s idle, the warning
  // 10 s before the end (half the time, when it is shorter than two minutes), time enough for the
  // accessibility check of the warning on a loaded machine.
  await page.route("**/v1/auth/config", async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), idleSignOutSeconds: 20 } });
  });
  const email = uniqueEmail("inattiva");
  await registerClient(page, email, PASSWORD);
  await signIn(page, email, PASSWORD);
  const refreshToken = await refreshTokenOf(page);

  const warning = page.getByRole("dialog", { name: "Sei ancora lì?" });
  await expect(warning).toBeVisible({ timeout: 25_000 });
  await expectAccessible(warning);
  await warning.getByRole("button", { name: "Resta collegata/o" }).first().click();
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Left alone again: the warning, then the login page with the reason, and the session ended on the server.
  await expect(warning).toBeVisible({ timeout: 25_000 });
  await page.waitForURL(/\/account\/login\?error=/, { timeout: 15_000 });
  await expect(
    page.getByText("Per proteggere i tuoi dati sei uscita/o dall'account", { exact: false }),
  ).toBeVisible();
  expect((await renew(page, refreshToken)).status()).toBe(400);
});

test("@desktop «Esci da tutti i dispositivi» fails another device's refresh token and closes its chat socket", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail("dispositivi");
  await registerClient(page, email, PASSWORD);

  // The phone: signed in on her practice, its conversation's live socket open.
  const phone = await newContextPage(browser, page);
  const authorization = await (async () => {
    const sent = phone.waitForRequest((r) => r.url().includes("/v1/") && !!r.headers().authorization);
    await signIn(phone, email, PASSWORD);
    return (await sent).headers().authorization ?? "";
  })();
  const { ticketCode } = await newPractice(phone, authorization);
  // Every live socket the phone connects (the app may start one on the dashboard, which the navigation to the
  // case page cuts before it connects, and opens a new one when a token is renewed): one that received a
  // frame is connected, and followed until it closes.
  const sockets: { connected: boolean; closed: boolean }[] = [];
  phone.on("websocket", (ws) => {
    if (!ws.url().includes("/v1/live")) return;
    const socket = { connected: false, closed: ws.isClosed() };
    sockets.push(socket);
    ws.on("framereceived", () => {
      socket.connected = true;
    });
    ws.on("close", () => {
      socket.closed = true;
    });
  });
  const connected = () => sockets.filter((socket) => socket.connected);
  await phone.goto(`/dashboard/practices/case/${ticketCode}`);
  await expect.poll(() => connected().some((socket) => !socket.closed)).toBe(true);
  const phoneRefreshToken = await refreshTokenOf(phone);

  // The computer: the profile lists both, this one marked.
  await signIn(page, email, PASSWORD);
  await page.goto("/dashboard/profile/info");
  const panel = page.getByRole("region", { name: "Dispositivi collegati" });
  await expect(panel.getByRole("listitem")).toHaveCount(2);
  await expect(panel.locator("strong", { hasText: "Questo dispositivo" })).toHaveCount(1);
  await expect(panel.getByText(/Chrome su Linux/).first()).toBeVisible();
  await expectAccessible(panel);

  await panel.getByRole("button", { name: "Esci da tutti i dispositivi" }).click();
  await page.waitForURL(/\/account\/login\?error=/);
  await expect(page.getByText("Sei uscita/o da tutti i dispositivi.", { exact: false })).toBeVisible();

  // The phone's open socket is closed by the server (its session ended), and its refresh token is refused.
  await expect.poll(() => connected().every((socket) => socket.closed)).toBe(true);
  expect((await renew(phone, phoneRefreshToken)).status()).toBe(400);
  await phone.context().close();
});

test("@desktop a lawyer role taken away by an admin stops working on the lawyer's next request", async ({
  page,
  browser,
}) => {
  test.slow();
  const email = uniqueEmail("avvocata");
  await registerClient(page, email, PASSWORD);
  const admin = await newContextPage(browser, page);
  await signIn(admin, "admin@demo.argine.it");
  const adminToken = await accessTokenOf(admin);
  const asAdmin = (method: "PUT" | "DELETE", userId: string) =>
    admin.request.fetch(`/v1/users/${userId}/roles/lawyer`, {
      method,
      headers: { authorization: `Bearer ${adminToken}` },
    });

  await signIn(page, email, PASSWORD);
  const me = await page.request.get("/v1/users/me", {
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
  });
  const { id } = (await me.json()) as { id: string };
  expect((await asAdmin("PUT", id)).status()).toBe(200);

  // Signed in again (the grant ended her sessions), now as a lawyer: the lawyers' queue opens.
  const lawyer = await newContextPage(browser, page);
  await signIn(lawyer, email, PASSWORD);
  const token = await accessTokenOf(lawyer);
  const queue = () =>
    lawyer.request.get("/v1/practices/queue", { headers: { authorization: `Bearer ${token}` } });
  expect((await queue()).status()).toBe(200);

  expect((await asAdmin("DELETE", id)).status()).toBe(200);
  expect([401, 403]).toContain((await queue()).status());
  await admin.context().close();
  await lawyer.context().close();
});
