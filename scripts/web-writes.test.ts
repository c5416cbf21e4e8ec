import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// A web write is a hook beside its feature's queries (`useWrite`, docs/architecture.md), which owns the cache
// refresh the write needs; a screen calls the hook and adds only its own callbacks. A mutation or a cache
// refresh written inside a component is the drift this test stops.

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const INLINE_WRITE = /\buseMutation\s*[<(]|\.(?:invalidateQueries|setQueryData|refetchQueries)\s*\(/g;

function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return components(file);
    return name.endsWith(".tsx") && !name.endsWith(".test.tsx") ? [file] : [];
  });
}

const writesIn = (source: string) => [...source.matchAll(INLINE_WRITE)].map((match) => match[0].trim());

function inlineWrites(dir: string): string[] {
  return components(dir).flatMap((file) =>
    writesIn(readFileSync(file, "utf8")).map((write) => `${path.relative(REPO, file)}: ${write}`),
  );
}

describe("the web's writes", () => {
  it("are hooks beside the queries, never written inside a component", () => {
    expect(inlineWrites(path.join(REPO, "apps/web/app"))).toEqual([]);
  });

  it("would be found inside a component", () => {
    const screen = `
      const save = useMutation<void, HttpError>({ mutationFn: send });
      const remove = useMutation({ mutationFn: drop, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
      queryClient.setQueryData(key, value);`;
    expect(writesIn(screen)).toEqual([
      "useMutation<",
      "useMutation(",
      ".invalidateQueries(",
      ".setQueryData(",
    ]);
  });
});
