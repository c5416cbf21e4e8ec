import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const theme = readFileSync(join(import.meta.dirname, "theme.css"), "utf8");

// WCAG 2.2 AA for the theme (spec §9 colours): 4.5:1 for text, checked from theme.css itself, so a colour
// changed there cannot quietly fail a reader.

function colour(name: string): string {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})`).exec(theme);
  if (!match?.[1]) throw new Error(`--color-${name} is not a hex colour in theme.css`);
  return match[1];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text colour on background colour, as the theme pairs them. */
const PAIRS: [string, string][] = [
  ["dark-blue", "white"],
  ["text-muted", "white"],
  ["violette", "white"],
  ["white", "violette"],
  ["white", "violette-dark"],
  ["white", "green"],
  ["white", "pink-hot"],
  ["white", "dark-blue"],
  ["white", "lawyer-blue"],
  ["dark-blue", "lilla"],
  ["text-muted", "lilla"],
  ["violette", "lilla"],
  ["violette-dark", "lilla"],
  ["dark-blue", "green-soft"],
  ["green", "white"],
  ["pink-hot", "white"],
  ["pink-hot", "pink-soft"],
  ["lawyer-blue", "lawyer-blue-soft"],
];

describe("theme colours", () => {
  it.each(PAIRS)("%s text on %s reaches 4.5:1", (text, background) => {
    expect(contrast(colour(text), colour(background))).toBeGreaterThanOrEqual(4.5);
  });
});
