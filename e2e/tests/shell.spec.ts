import { expect, test } from "@playwright/test";
import { expectAccessible, watchConsole } from "../support.ts";

test("the home page renders, hydrates and has no accessibility violations", async ({ page }) => {
  const errors = watchConsole(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /questionario/i }).first()).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("button", { name: /esci subito/i })).toBeVisible();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("an unknown public path answers the 404 page with status 404", async ({ page }) => {
  const errors = watchConsole(page);
  const response = await page.goto("/questa-pagina-non-esiste");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Pagina non trovata" })).toBeVisible();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("/dashboard/anything gets the app shell, and the client sends a signed-out visitor to sign in", async ({
  page,
}) => {
  const errors = watchConsole(page);
  const response = await page.goto("/dashboard/anything");
  expect(response?.status()).toBe(200);
  await page.waitForURL(/\/account\/login\?uid=/);
  await expect(page.getByRole("heading", { name: "Accedi", level: 1 })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test("the catalogue API answers from the same process", async ({ request }) => {
  const response = await request.get("/v1/products");
  expect(response.status()).toBe(200);
  const products = (await response.json()) as { code: string; price: number }[];
  expect(products.map((p) => p.code)).toContain("PACKAGE");
  expect(products.every((p) => typeof p.price === "number")).toBe(true);
});
