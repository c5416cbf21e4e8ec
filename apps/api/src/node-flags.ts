// How every API process is started (ADR 046). V8 grows its young generation while the modules load and keeps
// it reserved: bounded to 8 MB per semi-space, the process ends its start at about 205 MB instead of 331 MB.
// The flag must be on the command line (or NODE_OPTIONS): V8 sizes the young generation when the isolate is
// made, so setting it at run time does nothing. Every launcher in the repository takes the flags from here;
// package.json's `serve` and docs/runbook.md's unit carry them written out, checked by node-flags.test.ts.

export const API_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=8"];

/** The flags this process was started without (from its command line or NODE_OPTIONS). */
export function missingNodeFlags(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)];
  return API_NODE_FLAGS.filter((flag) => !given.includes(flag));
}
