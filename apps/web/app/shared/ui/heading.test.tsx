import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Heading } from "./heading.tsx";

describe("Heading", () => {
  it("renders the heading element of its level", () => {
    render(<Heading level={2}>Come funziona</Heading>);
    expect(screen.getByRole("heading", { level: 2, name: "Come funziona" }).tagName).toBe("H2");
  });

  it("has a span variant that looks like a heading without being one", () => {
    render(
      <Heading level={1} as="span">
        Argine
      </Heading>,
    );
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByText("Argine").tagName).toBe("SPAN");
  });
});
