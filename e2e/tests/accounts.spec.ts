import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { fatturaPaSchemaErrors } from "../../apps/api/test/fatturapa-schema.ts";
import { newPractice, payThroughApi, shoot, signInWithBearer, test } from "../shop.ts";
import { expectAccessible, signIn } from "../support.ts";

// The accountant's view (ADR 016): after a client's purchase, the admin finds its invoice among this month's
// documents and takes both files for the accountant; the month's ZIP holds it as a valid FatturaPA file.

test("the admin finds this month's invoice and downloads the month as CSV and as FatturaPA ZIP @desktop", async ({
  page,
  browser,
  shopClient,
}, testInfo) => {
  // A journey: a purchase, two pages, two downloads and the schema check.
  test.slow();
  // The purchase as the checkout sends it: the checkout's own pages are other journeys'.
  const authorization = await signInWithBearer(page, shopClient.email, shopClient.password);
  const { ticketCode, practiceId } = await newPractice(page, authorization);
  await payThroughApi(page, authorization, practiceId, ["TAKEDOWN"]);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, "admin@demo.argine.it");
  await admin.goto("/dashboard/admin/accounts");
  await expect(admin.getByRole("heading", { level: 1, name: "Contabilità" })).toBeVisible();
  const documents = admin.getByRole("table", {
    name: /^Dal(l'| ).* fattur[ae] e .* not[ae] di credito, totale netto/,
  });
  const row = documents.getByRole("row").filter({ hasText: ticketCode });
  await expect(row).toHaveCount(1);
  const number = (await row.getByRole("rowheader").textContent()) ?? "";
  expect(number).toMatch(/^\d{4}\/\d+$/);
  await expect(row).toContainText("99,00 €");
  await expect(admin.getByRole("table", { name: /^Ordini del periodo/ }).getByText(ticketCode)).toBeVisible();
  await expectAccessible(admin);
  await shoot(admin, testInfo, "16-accounts");

  const [csvDownload] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("button", { name: "Scarica il CSV" }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(
    /^argine-contabilita-\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile(await csvDownload.path(), "utf8");
  const line = csv.split("\r\n").find((l) => l.includes(`;${number};`));
  expect(line).toContain("RSSMRA85T10A562S");
  expect(line).toContain(";81,15;17,85;99,00;");

  const [zipDownload] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("button", { name: "Scarica le FatturaPA (ZIP)" }).click(),
  ]);
  const files = unzipSync(new Uint8Array(await readFile(await zipDownload.path())));
  const invoice = Object.values(files)
    .map((file) => strFromU8(file))
    .find((xml) => xml.includes(`<Numero>${number}</Numero>`));
  expect(invoice).toBeDefined();
  expect(await fatturaPaSchemaErrors(invoice ?? "")).toEqual([]);
});
