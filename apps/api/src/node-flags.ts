// How every API process is started (ADR 046). The flags must be on the command line: V8 sizes the young
// generation when the isolate is made, so setting it at run time does nothing, and Node refuses all but the
// first in NODE_OPTIONS. Every launcher in the repository takes the flags from here; package.json's `serve` and
// docs/runbook.md's unit carry them written out, checked by node-flags.test.ts.
//
// - `--max-semi-space-size=8`: V8 grows its young generation while the modules load and keeps it reserved;
//   bounded to 8 MB per semi-space, the process ends its start at about 205 MB instead of 331 MB.
// - `--heap-growing-percent=50`: with that small young generation, more of each request's garbage is promoted,
//   and V8 let the old generation grow to 280 MB of mostly garbage under load before a full collection. Grown
//   by half of what survived each collection, the PostgreSQL bench peaked at 245–260 MB instead of 364–418 MB,
//   its lists as fast.
// - `--no-wasm-dynamic-tiering --no-wasm-tier-up`: the embedded database (PGlite, 9 MB of WebAssembly) runs on
//   V8's baseline code only. Its optimizing compiler, tiering up PostgreSQL's largest functions, held about
//   450 MB for a moment at start: the 100 000 bench's peak was 947 MB with it and 320 MB without, the lists and
//   searches no slower. On PostgreSQL only Node's type stripping runs WebAssembly: 24 MB less at import.
export const API_NODE_FLAGS: readonly string[] = [
  "--max-semi-space-size=8",
  "--heap-growing-percent=50",
  "--no-wasm-dynamic-tiering",
  "--no-wasm-tier-up",
];

/** The flags this process was started without (from its command line or NODE_OPTIONS). */
export function missingNodeFlags(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  return API_NODE_FLAGS.filter((flag) => !given.includes(flag));
}
