import { ConfigError } from "../config.ts";
import { KeysError, runKeys } from "./key-commands.ts";

// npm run keys -- rotate-signing | retire-signing [--keep N] | rotate-storage [--all-stopped] (docs/runbook.md).
// Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong usage.

runKeys(process.argv.slice(2), { progress: (line) => process.stderr.write(`${line}\n`) }).then(
  ({ code, text }) => {
    (code === 0 ? process.stdout : process.stderr).write(`${text.replace(/\n$/, "")}\n`);
    process.exit(code);
  },
  (error: unknown) => {
    const known = error instanceof KeysError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
