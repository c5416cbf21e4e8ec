import { SIGN_IN_FREE_FAILURES } from "@argine/core/identity/sign-in-guard";
import { countLoginFailures, findUserByEmail } from "@argine/db/queries/users";
import { testDbKinds } from "@argine/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Browser,
  enrollSecondFactor,
  type IdentityServer,
  randomIp,
  registerVerified,
  signIn,
  startIdentityServer,
} from "../../test/identity.ts";
import { accountKey } from "./sign-in-guard.ts";

// ADR 035: an account under a brute-force attack slows the attacker down without locking its owner out.

const PASSWORD = "Girasole-Lento-42";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A `beforeLogin` hook holding each of `n` sign-ins until all are there: their passwords go together. */
function lineUpOf(n: number): () => Promise<void> {
  let ready = 0;
  let go = () => {};
  const allReady = new Promise<void>((resolve) => {
    go = resolve;
  });
  return () => {
    if (++ready === n) go();
    return allReady;
  };
}

describe.each(testDbKinds())("sign-in under attack on %s", (kind) => {
  let s: IdentityServer;
  beforeAll(async () => {
    s = await startIdentityServer(kind);
  });
  afterAll(() => s.close());

  /** A sign-in from `from`; prompt=login, since a browser that signed in before has a provider session too. */
  const attempt = (email: string, password: string, from?: string | Browser) =>
    signIn(s, email, password, from, { prompt: "login" });
  /** The attacker's wrong guesses from one address, up to the first that is held back. */
  const attack = async (email: string, attacker: Browser) => {
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++)
      expect((await attempt(email, `Sbagliata-${i}A`, attacker)).status).toBe(401);
  };

  /**
   * The free failures, then one more after each wait (1 s, 2 s): the hold is 4 s, long enough that the attempts
   * a test makes next are surely held however slow the machine (the first hold, 1 s, may pass while it works).
   */
  const attackLonger = async (email: string, attacker: Browser) => {
    await attack(email, attacker);
    for (const wait of [1, 2]) {
      await sleep(wait * 1000 + 100);
      expect((await attempt(email, `Sbagliata-${wait}W`, attacker)).status).toBe(401);
    }
  };

  it("lets the owner's known device in while the attacker and a fresh device wait, with no hard lock", async () => {
    const email = "sotto.attacco@example.org";
    await registerVerified(s, email, PASSWORD);
    const phone = new Browser();
    expect((await attempt(email, PASSWORD, phone)).status).toBe(200);

    const attacker = new Browser();
    await attackLonger(email, attacker);
    // Held back now, even with the right password: the wait is said in words and in Retry-After.
    const held = await attempt(email, PASSWORD, attacker);
    expect(held.status).toBe(429);
    expect(held.body?.message).toMatch(
      /^Troppi tentativi di accesso non riusciti\. Per sicurezza riprova fra \d+ second/,
    );
    expect(Number(held.retryAfter)).toBeGreaterThanOrEqual(1);

    // The owner's phone signed in before: the attacker's failures do not hold it back.
    expect((await attempt(email, PASSWORD, phone)).status).toBe(200);
    // The attacker stays held back, and a trust cookie made up for the account changes nothing.
    const user = await findUserByEmail(s.handle.db, email);
    attacker.setCookie("argine_device", `${user?.id}.AAAAAAAAAAAAAAAAAAAAAA.bm9wZQ`);
    expect((await attempt(email, PASSWORD, attacker)).status).toBe(429);

    // A device the owner never used waits the delay (seconds), not a lock.
    const laptop = new Browser();
    const waiting = await attempt(email, PASSWORD, laptop);
    expect(waiting.status).toBe(429);
    await sleep(Number(waiting.retryAfter) * 1000);
    expect((await attempt(email, PASSWORD, laptop)).status).toBe(200);
  });

  it("mails the owner once a neutral unlock link that lifts the hold and trusts the browser that opens it", async () => {
    const email = "sbloccami@example.org";
    await registerVerified(s, email, PASSWORD);
    const attacker = new Browser();
    await attackLonger(email, attacker);
    expect((await attempt(email, `Sbagliata-XA`, attacker)).status).toBe(429);

    const mail = await s.mailer.lastTo(email);
    expect(mail?.subject).toBe("Qualcuno sta provando ad accedere al tuo account");
    expect(mail?.text).not.toContain(attacker.ip);
    const mailsBefore = s.mailer.sent.filter((m) => m.to === email).length;
    // More attempts send no more mails while the link is unused.
    expect((await attempt(email, `Sbagliata-YA`, attacker)).status).toBe(429);
    await s.mailer.lastTo(email);
    expect(s.mailer.sent.filter((m) => m.to === email)).toHaveLength(mailsBefore);

    const token = await s.mailer.tokenIn(email);
    const owner = new Browser();
    const unlock = (t: string) =>
      owner.fetch(`${s.base}/v1/auth/unlock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: t }),
      });
    const res = await unlock(token);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/argine_device=.*HttpOnly/);
    // The link works once; the owner's browser gets straight in.
    expect((await unlock(token)).status).toBe(400);
    expect((await attempt(email, PASSWORD, owner)).status).toBe(200);
  });

  it("checks at most 10 of 30 wrong authenticator codes sent at the same moment (issue 38)", async () => {
    const email = "codici.insieme@example.org";
    await registerVerified(s, email, PASSWORD);
    const token = (await signIn(s, email, PASSWORD)).tokens?.access_token ?? "";
    await enrollSecondFactor(s, token);
    // Each sign-in's password step one after the other (in flight together they would hold each other back,
    // their attempts counted before their passwords are checked), then the 30 codes at the same moment.
    let go = () => {};
    const gate = new Promise<void>((resolve) => {
      go = resolve;
    });
    const pending: Promise<Awaited<ReturnType<typeof signIn>>>[] = [];
    for (let i = 0; i < 30; i++) {
      let atCode = () => {};
      const reached = new Promise<void>((resolve) => {
        atCode = resolve;
      });
      const signedIn = signIn(s, email, PASSWORD, new Browser(), {
        secondFactor: { code: "000000" },
        beforeSecondFactor: () => {
          atCode();
          return gate;
        },
      });
      pending.push(signedIn);
      await Promise.race([reached, signedIn]);
    }
    go();
    const answers = await Promise.all(pending);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(10);
  });

  it("mails the unlock link once however many held attempts arrive at the same moment", async () => {
    const email = "tutti.insieme@example.org";
    await registerVerified(s, email, PASSWORD);
    const attacker = new Browser();
    await attackLonger(email, attacker);
    // Held attempts from eight fresh devices, their passwords sent at the same moment: on PostgreSQL each runs
    // on a connection of its own.
    const lineUp = lineUpOf(8);
    const held = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        signIn(s, email, `Sbagliata-${i}Z`, new Browser(), { prompt: "login", beforeLogin: lineUp }),
      ),
    );
    expect(held.map((r) => r.status)).toEqual(Array(8).fill(429));
    await s.mailer.lastTo(email); // the queue's mails all sent
    const unlockMails = s.mailer.sent.filter(
      (m) => m.to === email && m.subject === "Qualcuno sta provando ad accedere al tuo account",
    );
    expect(unlockMails).toHaveLength(1);
  });

  it("checks at most 10 of 50 wrong passwords sent at the same moment (issue 38)", async () => {
    const email = "raffica@example.org";
    await registerVerified(s, email, PASSWORD);
    // Fifty fresh devices (addresses of their own): only the account's count stands between them and argon2.
    const lineUp = lineUpOf(50);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signIn(s, email, `Sbagliata-${i}R`, new Browser(), { prompt: "login", beforeLogin: lineUp }),
      ),
    );
    // 401 comes only after the password was checked and found wrong; 429 is the refusal before any check.
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThanOrEqual(SIGN_IN_FREE_FAILURES);
    expect(checked).toBeLessThanOrEqual(10);
    // Every password checked left one failure on the account, and no refused attempt did.
    expect(await countLoginFailures(s.handle.db, accountKey(email), new Date(0))).toBe(checked);
  });

  it("answers an unknown address exactly as a known one, and mails nobody", async () => {
    const attacker = new Browser();
    const unknown = "nessuno.qui@example.org";
    await attack(unknown, attacker);
    const held = await attempt(unknown, PASSWORD, attacker);
    expect(held.status).toBe(429);
    expect(held.body?.message).toMatch(
      /^Troppi tentativi di accesso non riusciti\. Per sicurezza riprova fra/,
    );
    expect(held.retryAfter).toBe("1");
    expect(await s.mailer.lastTo(unknown)).toBeUndefined();
  });

  it("holds back an address that tries many accounts, not the accounts' owners elsewhere", async () => {
    const ip = randomIp();
    for (let i = 0; i < SIGN_IN_FREE_FAILURES; i++)
      expect((await attempt(`prova${i}@example.org`, "Sbagliata-1A", ip)).status).toBe(401);
    expect((await attempt("admin@demo.argine.it", "Demo!Argine2026", ip)).status).toBe(429);
    expect((await attempt("admin@demo.argine.it", "Demo!Argine2026")).status).toBe(200);
  });
});
