import { endCommand } from "../command.ts";
import { KeysError, runKeys } from "./key-commands.ts";

// npm run keys -- rotate-signing | retire-signing [--keep N] | rotate-storage [--all-stopped] (docs/runbook.md).
// Exit codes: 0 done, 1 refused or failed (the message says why), 2 wrong usage.

endCommand(
  runKeys(process.argv.slice(2), { progress: (line) => process.stderr.write(`${line}\n`) }).then(
    ({ code, text }) => {
      (code === 0 ? process.stdout : process.stderr).write(`${text.replace(/\n$/, "")}\n`);
      return code;
    },
  ),
  [KeysError],
);
