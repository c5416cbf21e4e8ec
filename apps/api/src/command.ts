import { ConfigError } from "./config.ts";

// The end of an operator's command (npm run db:backup, keys, users): exit codes 0 done, 1 refused or failed,
// 2 wrong usage. A refusal the command knows (its own error type, a bad configuration) prints its message,
// written for the operator; anything else its stack.

type ErrorType = abstract new (...args: never[]) => Error;

export function endCommand(run: Promise<number>, refusals: readonly ErrorType[]): void {
  run.then(
    (code) => process.exit(code),
    (error: unknown) => {
      const known = [ConfigError, ...refusals].some((type) => error instanceof type);
      process.stderr.write(
        `${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`,
      );
      process.exit(1);
    },
  );
}
