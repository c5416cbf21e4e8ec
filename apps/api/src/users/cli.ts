import { AppError } from "@argine/core/errors/app-error";
import { ROLES, type Role } from "@argine/core/identity/roles";
import { openDb } from "@argine/db/client";
import { endCommand } from "../command.ts";
import { loadConfig } from "../config.ts";
import { grantRoleAsOperator } from "./users-service.ts";

// npm run users -- grant <admin|lawyer> <email> (docs/runbook.md, "First start"): the operator's way to the
// first admin of a database without demo accounts. Exit codes: 0 done, 1 refused (the message says why),
// 2 wrong usage. On the embedded database the server must be stopped (it holds the folder).

const USAGE = `Usage: npm run users -- grant <${ROLES.join("|")}> <email>\n`;

async function main(args: string[]): Promise<number> {
  const [command, role, email, ...rest] = args;
  if (command !== "grant" || !ROLES.includes(role as Role) || !email || rest.length) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  const handle = await openDb(config.database);
  try {
    const me = await grantRoleAsOperator(handle.db, email, role as Role);
    process.stdout.write(`${me.email} now has the roles: ${me.roles.join(", ")}.\n`);
    return 0;
  } finally {
    await handle.close();
  }
}

endCommand(main(process.argv.slice(2)), [AppError]);
