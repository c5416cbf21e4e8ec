import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../apps/api/src/config.ts";

// The env files an operator starts from are read the way the runbook reads them, `set -a; . file; set +a` in
// bash (systemd's EnvironmentFile reads the same subset): an unquoted `<` is a redirection, a word after a
// space a command, and every line after a broken one may be lost or wrong. Each variable written in
// .env.example (its commented-out lines too, as an operator uncomments them) and in the runbook's rehearsal
// environment must arrive with exactly the value written.

const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const read = (file: string) => readFileSync(path.join(REPO, file), "utf8");
const ASSIGNMENT = /^([A-Z][A-Z0-9_]*)=(.*)$/;

/** What the line means to write: the value without its quotes. */
function written(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split("\n")) {
    const [, name, raw = ""] = ASSIGNMENT.exec(line) ?? [];
    if (!name) continue;
    const quoted = /^(["'])(.*)\1$/.exec(raw);
    values.set(name, quoted ? (quoted[2] ?? "") : raw);
  }
  return values;
}

const dir = mkdtempSync(path.join(tmpdir(), "argine-env-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment bash exports after sourcing `text`, and what it said on stderr. */
function sourced(text: string): { env: Map<string, string>; stderr: string } {
  const file = path.join(dir, `${randomBytes(4).toString("hex")}.env`);
  writeFileSync(file, text);
  const result = spawnSync(
    "bash",
    ["--norc", "--noprofile", "-c", 'set -a; . "$1"; set +a; env -0', "bash", file],
    {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
      encoding: "utf8",
    },
  );
  const env = new Map<string, string>();
  for (const entry of result.stdout.split("\0")) {
    const eq = entry.indexOf("=");
    if (eq > 0) env.set(entry.slice(0, eq), entry.slice(eq + 1));
  }
  return { env, stderr: result.stderr };
}

/** Each variable of `text` that bash does not export with its written value, as "NAME: got …". */
function misread(text: string): string[] {
  const { env, stderr } = sourced(text);
  const wrong = [...written(text)]
    .filter(([name, value]) => env.get(name) !== value)
    .map(([name, value]) => `${name}: ${JSON.stringify(env.get(name))} instead of ${JSON.stringify(value)}`);
  return stderr ? [`bash: ${stderr.trim()}`, ...wrong] : wrong;
}

describe("the misreading check", () => {
  it("catches an unquoted value with spaces or <>, an inline comment, and passes quoted ones", () => {
    expect(
      misread("MAIL_FROM=Area clienti <no-reply@argine.test>\nTEAM_EMAIL=team@argine.test\n"),
    ).not.toEqual([]);
    expect(
      misread("COMPANY_SHARE_CAPITAL=13500             (euros, paid in)\nCOMPANY_EMAIL=a@b.it\n"),
    ).not.toEqual([]);
    expect(misread("ADMIN_PORT=9100   # the second process: 9101\n")).toEqual([
      'ADMIN_PORT: "9100" instead of "9100   # the second process: 9101"',
    ]);
    expect(misread('MAIL_FROM="Area clienti <no-reply@argine.test>"\nEMPTY=\nKEY=ab+/cd==\n')).toEqual([]);
  });
});

describe(".env.example", () => {
  const example = read(".env.example");

  it("reads as written, every commented-out variable uncommented too", () => {
    const uncommented = example.replace(/^# ?(?=[A-Z][A-Z0-9_]*=)/gm, "");
    expect(written(uncommented).size).toBeGreaterThan(60);
    expect(misread(uncommented)).toEqual([]);
  });

  it("as it is, starts the API outside production with the values written", () => {
    const { env } = sourced(example);
    const config = loadConfig(Object.fromEntries([...written(example).keys()].map((n) => [n, env.get(n)])));
    expect(config.mail.from).toBe("Area clienti <no-reply@argine.example>");
    expect(config.mail.retry).toEqual({ limit: 30, delaySeconds: 30, maxDelaySeconds: 3600 });
  });
});

describe("the runbook's rehearsal environment", () => {
  // The block of step 3, "The environment", its indentation taken off.
  const runbook = read("docs/runbook.md");
  const section = runbook.slice(runbook.indexOf("## Rehearsal on one machine"));
  const step = section.slice(section.indexOf("**The environment**"));
  const block = /```sh\n([\s\S]*?)\n\s*```/.exec(step)?.[1] ?? "";
  const text = block.replace(/^ {3}/gm, "");
  // Each placeholder filled in as the operator does, with the command's output.
  const PLACEHOLDERS: Record<string, () => string> = {
    "<openssl rand -base64 32>": () => randomBytes(32).toString("base64"),
    "<openssl rand -hex 32>": () => randomBytes(32).toString("hex"),
  };
  const filled = text.replace(/<openssl [^>]+>/g, (placeholder) => {
    const make = PLACEHOLDERS[placeholder];
    if (!make) throw new Error(`a placeholder this test does not fill: ${placeholder}`);
    return make();
  });

  it("reads as written once its placeholders are filled in", () => {
    expect(written(filled).get("MAIL_FROM")).toBe("Area clienti <no-reply@argine.test>");
    expect(written(filled).size).toBeGreaterThanOrEqual(9);
    expect(misread(filled)).toEqual([]);
  });

  it("holds nothing a production start refuses, besides what the doubles and the seller add", () => {
    const { env } = sourced(filled);
    const names = [...written(filled).keys()];
    let problems: string[] = [];
    try {
      loadConfig(Object.fromEntries(names.map((n) => [n, env.get(n)])));
    } catch (error) {
      problems = (error as Error).message.split("\n").slice(1);
    }
    // Missing: the mail server, the storage, the seller (the block's comments say where they come from).
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.filter((problem) => names.includes(problem.trim().split(":")[0] ?? ""))).toEqual([]);
  });
});
