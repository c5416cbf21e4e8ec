import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { harnessCase } from "../../test/contract.ts";
import { sha256 } from "../storage/storage.ts";
import { type TimestampAuthority, tokenCertificates } from "./timestamp-authority.ts";

// The one suite every timestamp engine passes (the storage's contract as the model): each engine's test file
// calls it with a fresh engine per case and adds what only that engine does. The tokens are checked by
// OpenSSL (Debian's `openssl ts -verify`), as a lawyer or a court's expert would check the dossier's, never
// by our own reading of them alone.

export interface TimestampHarness {
  authority: TimestampAuthority;
  close(): Promise<void>;
}

/** `openssl ts -verify` of a `.tsr` against `data` and the CA file: "OK", or what OpenSSL said. */
export function opensslVerify(response: Buffer, data: Buffer, caFile: string): string {
  const dir = mkdtempSync(join(tmpdir(), "argine-tsr-"));
  try {
    writeFileSync(join(dir, "token.tsr"), response);
    writeFileSync(join(dir, "data"), data);
    writeFileSync(join(dir, "ca.pem"), caFile);
    const args = ["ts", "-verify", "-in", "token.tsr", "-data", "data", "-CAfile", "ca.pem"];
    try {
      return execFileSync("openssl", args, { cwd: dir, stdio: "pipe" })
        .toString()
        .includes("Verification: OK")
        ? "OK"
        : "no OK";
    } catch (error) {
      return String((error as { stderr?: Buffer }).stderr ?? error);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What `openssl x509 -text` says of a PEM certificate. */
export function opensslCertificate(certificate: string): string {
  return execFileSync("openssl", ["x509", "-noout", "-text"], { input: certificate }).toString();
}

export function timestampsContract(setup: () => Promise<TimestampHarness>): void {
  const withAuthority = harnessCase(setup);

  withAuthority(
    "seals a digest with a token OpenSSL verifies against the chain; a changed byte fails it",
    async ({ authority }) => {
      const evidence = Buffer.from("Screenshot del 3 dicembre: «so dove abiti»");
      const before = Date.now();
      const timestamp = await authority.stamp(sha256(evidence));
      expect(timestamp.genTime.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(timestamp.genTime.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      const chain = await authority.chain();
      expect(opensslVerify(timestamp.response, evidence, chain)).toBe("OK");
      const changed = Buffer.from(evidence);
      changed[3] = (changed[3] ?? 0) ^ 1;
      expect(opensslVerify(timestamp.response, changed, chain)).toContain("message imprint mismatch");
    },
  );

  withAuthority("carries the TSA's certificate, for time stamping only", async ({ authority }) => {
    const timestamp = await authority.stamp(sha256(Buffer.from("un episodio")));
    const [signer] = tokenCertificates(timestamp.response);
    expect(signer).toBeDefined();
    expect(opensslCertificate(signer ?? "")).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);
  });

  withAuthority("gives each token a serial of its own", async ({ authority }) => {
    const digest = sha256(Buffer.from("lo stesso file, due volte"));
    const [one, two] = await Promise.all([authority.stamp(digest), authority.stamp(digest)]);
    expect(one?.serial).toMatch(/^[0-9a-f]+$/);
    expect(one?.serial).not.toBe(two?.serial);
  });

  withAuthority("takes only a SHA-256 digest", async ({ authority }) => {
    await expect(authority.stamp("ab".repeat(20))).rejects.toThrow(TypeError);
    await expect(authority.stamp(sha256(Buffer.from("x")).toUpperCase())).rejects.toThrow(TypeError);
  });
}
