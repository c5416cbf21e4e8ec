import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startTsaFake, type TsaFake } from "../../test/tsa-fake.ts";
import { systemClock } from "../clock.ts";
import { sha256 } from "../storage/storage.ts";
import { createHttpTsa } from "./http-tsa.ts";
import { type LocalTsa, loadLocalTsa } from "./local-tsa.ts";
import {
  randomPositiveInteger,
  readTimestampResponse,
  TimestampError,
  timestampRequest,
} from "./timestamp-authority.ts";
import {
  opensslCertificate,
  opensslVerify,
  type TimestampHarness,
  timestampsContract,
} from "./timestamps-contract.ts";

const folder = () => mkdtempSync(join(tmpdir(), "argine-tsa-"));

async function localHarness(): Promise<TimestampHarness & { tsa: LocalTsa; dir: string }> {
  const dir = folder();
  const tsa = await loadLocalTsa(join(dir, "tsa"), systemClock);
  return {
    tsa,
    dir,
    authority: tsa.authority,
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function httpHarness(): Promise<TimestampHarness & { tsa: TsaFake }> {
  const tsa = await startTsaFake();
  const authority = createHttpTsa({
    url: tsa.url,
    ...tsa.credentials,
    caCertificates: tsa.caCertificates,
    timeoutMs: 1_000,
  });
  return { tsa, authority, close: tsa.close };
}

describe("the embedded local TSA", () => {
  timestampsContract(localHarness);

  it("writes every serial number and nonce in DER's one encoding (OpenSSL refuses padding)", () => {
    for (let i = 0; i < 4096; i++) {
      const encoded = Buffer.from(randomPositiveInteger(16).toBER(false));
      // INTEGER, 16 bytes, and a first byte that needs no sign byte and is no padding.
      expect([encoded[0], encoded[1]]).toEqual([0x02, 16]);
      expect(encoded[2]).toBeGreaterThanOrEqual(0x40);
      expect(encoded[2]).toBeLessThan(0x80);
    }
  });

  it("is made at its first use and read after: the same certificates, its key readable by the server alone", async () => {
    const { dir, tsa, close } = await localHarness();
    try {
      const again = await loadLocalTsa(join(dir, "tsa"), systemClock);
      expect(await again.authority.chain()).toBe(await tsa.authority.chain());
      expect(statSync(join(dir, "tsa", "tsa.key")).mode & 0o777).toBe(0o600);
      // A token of the first verifies with the chain of the second, read back from disk.
      const evidence = Buffer.from("foto inviata il 2 dicembre");
      const timestamp = await again.authority.stamp(sha256(evidence));
      expect(opensslVerify(timestamp.response, evidence, await tsa.authority.chain())).toBe("OK");
    } finally {
      await close();
    }
  });

  it("has a root of its own, a CA that signs nothing but its TSA (its key is not kept)", async () => {
    const { dir, tsa, close } = await localHarness();
    try {
      const [, root] = (await tsa.authority.chain()).split(/(?<=-----END CERTIFICATE-----\n)/);
      expect(opensslCertificate(root ?? "")).toMatch(/CA:TRUE, pathlen:0/);
      expect(readdirSync(join(dir, "tsa")).sort()).toEqual(["root.pem", "tsa.key", "tsa.pem"]);
    } finally {
      await close();
    }
  });

  it("two processes starting at once on one folder end with one TSA", async () => {
    const dir = folder();
    try {
      const [one, two] = await Promise.all([
        loadLocalTsa(join(dir, "tsa"), systemClock),
        loadLocalTsa(join(dir, "tsa"), systemClock),
      ]);
      const evidence = Buffer.from("due avvii");
      const timestamp = await one.authority.stamp(sha256(evidence));
      expect(opensslVerify(timestamp.response, evidence, await two.authority.chain())).toBe("OK");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers a request for another hash than SHA-256, or no request, with a refusal", async () => {
    const { tsa, close } = await localHarness();
    try {
      const refused = await tsa.respond(Buffer.from("non è una richiesta"));
      const { nonce } = timestampRequest(sha256(Buffer.from("x")));
      await expect(readTimestampResponse(refused, sha256(Buffer.from("x")), nonce)).rejects.toThrow(
        /refused the request \(status 2: not a TimeStampReq\)/,
      );
    } finally {
      await close();
    }
  });
  it("refuses a token whose signature is not the TSA's", async () => {
    const { tsa, close } = await localHarness();
    try {
      const digest = sha256(Buffer.from("firmato"));
      const { request, nonce } = timestampRequest(digest);
      const reply = await tsa.respond(request);
      // Its last bytes are the signature's: one changed, the token no longer verifies.
      const forged = Buffer.from(reply);
      forged[forged.length - 1] = (forged[forged.length - 1] ?? 0) ^ 1;
      await expect(readTimestampResponse(forged, digest, nonce)).rejects.toThrow(
        new TimestampError("the token's signature does not verify"),
      );
      await expect(readTimestampResponse(reply, digest, nonce)).resolves.toMatchObject({ response: reply });
    } finally {
      await close();
    }
  });
});

describe("a real TSA over HTTP (a loopback RFC 3161 server of the test's own)", () => {
  timestampsContract(httpHarness);

  it("asks with the TSA's credentials and RFC 3161's media types", async () => {
    const { tsa, authority, close } = await httpHarness();
    try {
      await authority.stamp(sha256(Buffer.from("a")));
      expect(tsa.state.seen[0]).toMatchObject({
        "content-type": "application/timestamp-query",
        accept: "application/timestamp-reply",
        authorization: `Basic ${Buffer.from(`${tsa.credentials.username}:${tsa.credentials.password}`).toString("base64")}`,
      });
    } finally {
      await close();
    }
  });

  it("refuses what is no token for its request: a 401, a web page, a replayed token, no answer", async () => {
    const { tsa, authority, close } = await httpHarness();
    try {
      const stamp = () => authority.stamp(sha256(Buffer.from("episodio")));
      tsa.state.mode = "unauthorized";
      await expect(stamp()).rejects.toThrow(new TimestampError("the TSA answered 401"));
      tsa.state.mode = "html";
      await expect(stamp()).rejects.toThrow(/answered text\/html, not a timestamp reply/);
      tsa.state.mode = "answer";
      await stamp();
      // The same digest, answered with the first request's token: its nonce is not this request's.
      tsa.state.mode = "replay";
      await expect(stamp()).rejects.toThrow(new TimestampError("the token answers another request"));
      await expect(authority.stamp(sha256(Buffer.from("un altro")))).rejects.toThrow(
        new TimestampError("the token seals another digest"),
      );
      tsa.state.mode = "silent";
      await expect(stamp()).rejects.toThrow(/the TSA could not be reached \(TimeoutError\)/);
    } finally {
      await close();
    }
  });
});
