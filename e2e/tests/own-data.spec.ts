import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { newPractice, payThroughApi, signInWithBearer, test } from "../shop.ts";
import {
  accessTokenOf,
  DEMO_PASSWORD,
  expectAccessible,
  mailedLink,
  registerClient,
  signIn,
} from "../support.ts";

// One's own data (issue 37, ADR 037), with a freshly registered client (she is erased at the end): a practice,
// an upload, a message and a paid order set up through the API; the lawyer opens the case and the client's
// "Chi ha visto la mia pratica" lists it; "Scarica i miei dati" gives a ZIP whose JSON holds her practice,
// message and order and whose file is the upload byte for byte; "Elimina il mio account" leaves the invoice to
// the admins only and nothing else of her, and the lawyers' list no longer shows her.

test("@desktop the client sees the lawyer's read, downloads her data, then erases her account", async ({
  page,
  browser,
}) => {
  // A whole life of an account, from the order to its erasure, on a shared machine.
  test.setTimeout(240_000);
  // An account of its own, not the worker's `shopClient`: erased here, it would sign every later journey of
  // this worker out ("Email o password non corretti").
  const shopClient = { email: `cancellanda.${Date.now()}@example.it`, password: "Tranquilla42" };
  await registerClient(page, shopClient.email, shopClient.password);
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  await payThroughApi(page, authorization, practiceId, ["INJUCTION"]);
  const detail = await (
    await page.request.get(`/v1/practices/${practiceId}`, { headers: { authorization } })
  ).json();
  const service = (detail.services as { serviceId: string; serviceType: string }[]).find(
    (sv) => sv.serviceType === "INJUCTION",
  );
  const bytes = Buffer.from(
    `%PDF-1.7\n% prove ${Date.now()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n`,
  );
  const signed = await page.request.get(
    `/v1/services/${service?.serviceId}/signed-url?fileName=prove.pdf&size=${bytes.length}`,
    { headers: { authorization } },
  );
  const link = (await signed.json()) as { url: string; method: string; headers: Record<string, string> };
  expect(
    (await page.request.fetch(link.url, { method: link.method, headers: link.headers, data: bytes })).ok(),
  ).toBe(true);
  const registered = await page.request.patch(`/v1/services/${service?.serviceId}/upload`, {
    headers: { authorization },
    data: { fileName: "prove.pdf", serviceType: "INJUCTION" },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const message = `Ho trovato altri messaggi ${Date.now()}.`;
  const commented = await page.request.post(`/v1/practices/${practiceId}/comments`, {
    headers: { authorization },
    data: { comment: message },
  });
  expect(commented.status()).toBe(201);
  const orders = (await (await page.request.get("/v1/orders", { headers: { authorization } })).json()) as {
    data: { id: string; invoiceUrl: string | null }[];
  };
  const order = orders.data[0];
  expect((await page.request.get(order?.invoiceUrl ?? "")).status()).toBe(200);

  // The lawyer opens the case; the lawyers' list names the client.
  const staff = await browser.newContext();
  const lawyer = await staff.newPage();
  await signIn(lawyer, "avvocato@demo.argine.it");
  await lawyer.goto(`/dashboard/practices?q=${ticketCode}`);
  await expect(lawyer.getByText("Bianca Verdi").first()).toBeVisible();
  await lawyer.goto(`/dashboard/practices/case/${ticketCode}`);
  await expect(lawyer.getByRole("heading", { level: 1, name: `Pratica ${ticketCode}` })).toBeVisible();

  // "Chi ha visto la mia pratica" lists the lawyer's read.
  await page.goto(`/dashboard/practices/case/${ticketCode}`);
  const seen = page.getByRole("region", { name: "Chi ha visto la mia pratica" });
  await expect(seen).toContainText("Marco Rinaldi (Avvocato)");
  await expect(seen).toContainText("La pratica");
  await expectAccessible(seen);

  // "Scarica i miei dati": asked, mailed, downloaded once.
  await page.goto("/dashboard/profile/data");
  await page.getByRole("button", { name: "Scarica i miei dati" }).click();
  await expect(page.getByText("Richiesta ricevuta: ti invieremo un'email con il link.")).toBeVisible();
  const mailed = await mailedLink(
    page,
    shopClient.email,
    /Il file che hai richiesto/,
    "/dashboard/profile/data",
  );
  await page.goto(mailed);
  // The page is there (its button drawn) before axe looks at it: axe on a page still loading finds no h1.
  const archive = page.getByRole("button", { name: "Scarica l'archivio dei tuoi dati (.zip)" });
  await expect(archive).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent("download");
  await archive.click();
  const saved = await download;
  const zip = unzipSync(new Uint8Array(await readFile((await saved.path()) ?? "")));
  const data = JSON.parse(strFromU8(zip["dati.json"] ?? new Uint8Array())) as {
    practices: { ticketCode: string; messages: { body: string }[] }[];
    orders: { id: string }[];
  };
  expect(data.practices.map((p) => p.ticketCode)).toContain(ticketCode);
  expect(data.practices.flatMap((p) => p.messages.map((m) => m.body))).toContain(message);
  expect(data.orders.map((o) => o.id)).toContain(order?.id);
  const file = zip[`file/${ticketCode}/injuction/caricati-da-te/prove.pdf`];
  expect(Buffer.from(file ?? new Uint8Array()).equals(bytes)).toBe(true);
  await expect(page.getByText("Archivio scaricato: il link ora non vale più.")).toBeVisible();

  // "Elimina il mio account": what goes and what stays, the password, then signed out.
  await page.getByRole("button", { name: "Elimina il mio account" }).click();
  const dialog = page.getByRole("dialog", { name: "Vuoi eliminare il tuo account?" });
  await expect(dialog).toContainText("Conserviamo solo le fatture");
  await expectAccessible(dialog);
  await dialog.getByLabel(/^La tua password attuale/).fill(shopClient.password);
  await dialog.getByRole("button", { name: "Elimina definitivamente il mio account" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/dashboard"));
  expect((await page.request.get("/v1/users/me", { headers: { authorization } })).status()).toBe(401);

  // The invoice is kept for the admins only: its public link no longer works, the admins' accounts list it.
  expect((await page.request.get(order?.invoiceUrl ?? "")).status()).toBe(404);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, "admin@demo.argine.it", DEMO_PASSWORD);
  const adminToken = await accessTokenOf(admin);
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Rome" }).format(new Date());
  const documents = await admin.request.get(`/v1/admin/accounts/documents?from=${today}&to=${today}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const kept = ((await documents.json()) as { orderId: string; customerName: string }[]).find(
    (d) => d.orderId === order?.id,
  );
  expect(kept?.customerName).toBe("Bianca Verdi");
  await adminContext.close();

  // The lawyers' list no longer shows her case or her name.
  await lawyer.goto(`/dashboard/practices?q=${ticketCode}`);
  await expect(lawyer.getByText("Nessuna pratica corrisponde alla ricerca.")).toBeVisible();
  await expect(lawyer.getByText("Bianca Verdi")).toHaveCount(0);
  await staff.close();
});
