import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SCROLL_LOCK_CLASS } from "../ui/scroll-lock.ts";
import { Header } from "./header.tsx";

function renderHeaderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <Header /> },
      { path: "*", element: <Header /> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("Header", () => {
  it("links the login button to /account/login keeping the current query string", () => {
    renderHeaderAt("/services?practiceId=abc&utm_source=mail");
    expect(screen.getByRole("link", { name: "Accedi" }).getAttribute("href")).toBe(
      "/account/login?practiceId=abc&utm_source=mail",
    );
  });

  it("links the login button to /account/login when there is no query string", () => {
    renderHeaderAt("/");
    expect(screen.getByRole("link", { name: "Accedi" }).getAttribute("href")).toBe("/account/login");
  });

  it("shows the main menu, the questionnaire call to action and an external blog link", () => {
    renderHeaderAt("/");
    const menu = screen.getByRole("navigation", { name: "Menu principale" });
    for (const [label, href] of [
      ["Servizi", "/services"],
      ["Reati", "/education"],
      ["Chi siamo", "/whoweare"],
      ["Risarcimento", "/compensation"],
      ["FAQ", "/faq"],
    ]) {
      expect(menu.querySelector(`a[href="${href}"]`)?.textContent).toBe(label);
    }
    const blog = screen.getByRole("link", { name: /Blog/ });
    expect(blog.getAttribute("target")).toBe("_blank");
    expect(blog.getAttribute("rel")).toContain("noopener");
    expect(screen.getByRole("link", { name: "Questionario gratuito" }).getAttribute("href")).toBe(
      "/feedback",
    );
  });

  it("toggles the mobile menu with aria-expanded and locks page scrolling while open", () => {
    renderHeaderAt("/");
    const toggle = screen.getByRole("button", { name: "Menu" });
    const html = document.documentElement;
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(html.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(panel?.getAttribute("data-open")).toBe("true");
    expect(html.classList.contains(SCROLL_LOCK_CLASS)).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(html.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });

  it("closes the mobile menu on Escape and gives focus back to the toggle", () => {
    renderHeaderAt("/");
    const toggle = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(toggle);
    fireEvent.keyDown(screen.getByRole("link", { name: "Servizi" }), { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });

  it("closes the mobile menu when the user navigates", async () => {
    const router = renderHeaderAt("/");
    const toggle = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole("link", { name: "Servizi" }));
    await screen.findByRole("button", { name: "Menu", expanded: false });
    expect(router.state.location.pathname).toBe("/services");
    expect(document.documentElement.classList.contains(SCROLL_LOCK_CLASS)).toBe(false);
  });
});
