import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { linkify } from "./mail-text.tsx";

describe("mailbox text", () => {
  it("makes the http(s) addresses of a plain-text mail clickable, without trailing punctuation", () => {
    render(
      <p>
        {linkify(
          "Ciao Giulia,\nconferma qui: http://localhost:3000/account/verify?token=abc123.\n<script>x</script>",
        )}
      </p>,
    );
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("http://localhost:3000/account/verify?token=abc123");
    expect(document.querySelector("script")).toBeNull();
    expect(screen.getByText(/<script>x<\/script>/)).toBeTruthy();
  });
});
