import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { shoot } from "../shop.ts";
import { accessTokenOf, expectAccessible, signIn } from "../support.ts";

// The services' demo data after a plain start: the demo client's AR-DEMO0006 holds every service in a
// different state, the formal notice's document opens as a real PDF, and the lawyer gets the notice's draft
// as a .docx; the takedown's links are one removed and one waiting, the capture's files are there to open.

interface Detail {
  services: {
    serviceId: string;
    serviceType: string;
    status: string;
    document: { fileName: string } | null;
  }[];
}

async function practiceOf(page: Page, token: string): Promise<Detail> {
  const list = await page.request.get("/v1/practices?q=AR-DEMO0006", {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await list.json()) as { data: { practiceId: string; ticketCode: string }[] };
  const id = data.find((p) => p.ticketCode === "AR-DEMO0006")?.practiceId;
  const detail = await page.request.get(`/v1/practices/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await detail.json()) as Detail;
}

// Read-only: it runs on the phone too.
test("the demo client's paid practice shows every service state and opens the formal notice's letter", async ({
  page,
}, testInfo) => {
  await signIn(page, "cliente@demo.argine.it");
  await page.goto("/dashboard/practices/case/AR-DEMO0006");
  await expect(page.getByRole("heading", { level: 1, name: "Pratica AR-DEMO0006" })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, testInfo, "17-demo-practice");

  const token = await accessTokenOf(page);
  const { services } = await practiceOf(page, token);
  expect(Object.fromEntries(services.map((s) => [s.serviceType, s.status]))).toEqual({
    LEGALIZATION: "DOCUMENTS_READY",
    TAKEDOWN: "IN_PROGRESS",
    INJUCTION: "DOCUMENTS_READY",
    ADVICE: "IN_PROGRESS",
    DEFENCE: "IN_PROGRESS",
    COMPENSATION: "TO_START",
  });
  const notice = services.find((s) => s.serviceType === "INJUCTION");
  const fileName = notice?.document?.fileName ?? "";
  expect(fileName).toBe("Diffida AR-DEMO0006.pdf");
  const link = await page.request.get(`/v1/services/${notice?.serviceId}/upload`, {
    params: { fileName },
    headers: { authorization: `Bearer ${token}` },
  });
  const { url } = (await link.json()) as { url: string };
  const pdf = await page.request.get(url);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test("the demo lawyer downloads the formal notice's draft of the demo practice @desktop", async ({
  page,
}) => {
  await signIn(page, "avvocato@demo.argine.it");
  const token = await accessTokenOf(page);
  const notice = (await practiceOf(page, token)).services.find((s) => s.serviceType === "INJUCTION");
  const draft = await page.request.get(`/v1/services/${notice?.serviceId}/injunction-draft`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(draft.status()).toBe(200);
  expect(draft.headers()["content-disposition"]).toBe(
    'attachment; filename="bozza-diffida-AR-DEMO0006.docx"',
  );
  const xml = strFromU8(unzipSync(new Uint8Array(await draft.body()))["word/document.xml"] as Uint8Array);
  expect(xml).toContain("Giulia Esposito");
  expect(xml).toContain("art. 595 c.p.");
  expect(xml).toContain("Avv. Marco Rinaldi");
});

test("the demo client sees the takedown's answered and waiting links and opens the capture's files @desktop", async ({
  page,
}) => {
  await signIn(page, "cliente@demo.argine.it");
  await page.goto("/dashboard/practices/case/AR-DEMO0006");
  const card = (name: string) =>
    page
      .getByRole("region", { name: "Servizi", exact: true })
      .getByRole("listitem")
      .filter({ hasText: new RegExp(`^${name}`) });
  const takedown = card("Takedown");
  await expect(takedown.getByText("contenuto rimosso", { exact: true })).toBeVisible();
  await expect(takedown.getByText("segnalazione inviata", { exact: true })).toBeVisible();

  const capture = card("Legalizzazione");
  await expect(capture).toContainText("documenti pronti");
  await capture.getByRole("button", { name: "Apri i file della legalizzazione" }).click();
  const dialog = page.getByRole("dialog", { name: "I file della legalizzazione" });
  await expect(dialog.getByRole("link", { name: "Scarica report.pdf" })).toBeVisible();
  await expectAccessible(page);
  const zip = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Scarica tutti i file della legalizzazione (.zip)" }).click();
  const saved = await zip;
  expect(saved.suggestedFilename()).toBe("legalizzazione-AR-DEMO0006.zip");
  const entries = unzipSync(new Uint8Array(await readFile((await saved.path()) ?? "")));
  expect(Object.keys(entries)).toEqual(
    expect.arrayContaining(["manifest.json", "report.pdf", "snapshot.html"]),
  );
});
