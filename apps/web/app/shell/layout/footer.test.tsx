import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppConfig, config } from "../../config.ts";
import { Footer } from "./footer.tsx";

function renderFooter(custom: AppConfig = config) {
  const router = createMemoryRouter([{ path: "*", element: <Footer config={custom} /> }]);
  render(<RouterProvider router={router} />);
}

describe("Footer", () => {
  it("toggles the imprint and shows the company data from configuration", () => {
    renderFooter();
    const summary = screen.getByText("Dati societari");
    const details = summary.closest("details");
    if (!details) throw new Error("the imprint is not a <details>");
    expect(details.open).toBe(false);

    fireEvent.click(summary);
    expect(details.open).toBe(true);
    const imprint = within(details);
    expect(imprint.getByText("Argine S.r.l. (dati di esempio)")).toBeTruthy();
    expect(imprint.getByText("Via Esempio 1, 00100 Roma (esempio)")).toBeTruthy();
    expect(imprint.getByText("01234567897 (esempio)")).toBeTruthy();
    expect(imprint.getByText("RM - 1234567 (esempio)")).toBeTruthy();
    expect(imprint.getByText("Mario Rossi (esempio)")).toBeTruthy();
    // The capital goes through the amount formatter: "13.500,00 €" (whitespace normalised before comparing).
    expect(imprint.getByText((text) => text.replace(/\s/g, " ") === "13.500,00 €")).toBeTruthy();

    fireEvent.click(summary);
    expect(details.open).toBe(false);
  });

  it("uses the configured company data, never a hard-coded one", () => {
    renderFooter({
      ...config,
      company: { ...config.company, name: "Altra Società S.p.A.", capital: 1234.5 },
    });
    fireEvent.click(screen.getByText("Dati societari"));
    expect(screen.getByText("Altra Società S.p.A.")).toBeTruthy();
    expect(screen.getByText((text) => text.replace(/\s/g, " ") === "1.234,50 €")).toBeTruthy();
  });

  it("has the spec's links, mails and the payment line", () => {
    renderFooter();
    const hrefs = Array.from(document.querySelectorAll("footer a")).map((a) => a.getAttribute("href"));
    for (const href of [
      "/privacy",
      "/general-condition",
      "/startup-innovativa",
      "/workwithus",
      "/cookie",
      "/faq",
      "/tos",
      "/education",
      "/blog",
      "/unabuonaidea",
      "/esci-subito",
      "/whoweare",
      "/services/feedback",
      config.crowdfundingUrl,
      `mailto:${config.contactEmail}`,
      `mailto:${config.supportEmail}`,
      ...config.social.map((social) => social.url),
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(screen.getByText(/Pagamenti sicuri con carta di credito/)).toBeTruthy();
    const crowdfunding = screen.getByRole("link", { name: /Crowdfunding/ });
    expect(crowdfunding.getAttribute("target")).toBe("_blank");
    expect(crowdfunding.getAttribute("rel")).toContain("noopener");
  });
});
