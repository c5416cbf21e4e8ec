// JSON bodies nested deep, as a prober sends them (tests and bench/nested-json.ts).

/**
 * `depth` arrays one inside the other, each holding a text of `padding` characters before the next one:
 * `["xx…",["xx…",["xx…"]]]`. With padding 0, the bare `[[[]]]`.
 */
export function nestedJson(depth: number, padding = 0): string {
  if (padding === 0) return `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const text = `"${"x".repeat(padding)}"`;
  return `${`[${text},`.repeat(depth - 1)}[${text}]${"]".repeat(depth - 1)}`;
}

/** About a megabyte nested `depth` deep (the padding spreads it over the levels). */
export const nestedMegabyte = (depth: number): string =>
  nestedJson(depth, Math.max(1, Math.floor((1000 * 1000) / depth) - 4));
