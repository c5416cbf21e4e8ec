import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test-render.tsx";
import { HomePage } from "./home-page.tsx";

describe("the home page", () => {
  it("promises the defence the mandate covers, never a defence in court (ADR 027)", () => {
    renderWithApp(<HomePage />);
    const main = document.body.textContent ?? "";
    expect(main).not.toMatch(/in giudizio|in tribunale/);
    expect(screen.getByText(/un avvocato presenta la tua querela e ti assiste nelle indagini/)).toBeTruthy();
  });
});
