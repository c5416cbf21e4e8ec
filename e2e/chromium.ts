import { existsSync } from "node:fs";

/** The system Chromium (Debian's package); Playwright never downloads its own browser here. */
export function chromiumPath(): string | null {
  // CHROMIUM_PATH, when set, is the only candidate (an empty or wrong one means "no browser").
  const fromEnv = process.env.CHROMIUM_PATH;
  const candidates = fromEnv !== undefined ? [fromEnv] : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
