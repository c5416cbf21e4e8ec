import { request as httpRequest } from "node:http";
import { MESSAGES } from "@argine/core/shared/messages";
import { type Browser, expect, test } from "@playwright/test";
import { signInWithBearer } from "../shop.ts";
import { registerClient } from "../support.ts";
import { CLUSTER_PORTS } from "./env.ts";

// The limits hold across the processes (cluster.config.ts only): one client, through nginx, whose calls land
// on one API process and then the other, is refused on the call after its allowance, as by one process.
// nginx names the process that answered (X-Upstream, in the cluster's configuration only).
//
// The calls come from a loopback address of their own (127.x.y.z, never a worker's 127.0.0.x), so the limits
// they spend are nobody else's, and a retry starts afresh.

interface Answer {
  status: number;
  upstream: string;
  body: { message?: string };
}

const randomAddress = () => `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;

/** A call to the proxy from `from`, as a client at that address makes it. */
function call(
  from: string,
  method: string,
  path: string,
  data?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = data === undefined ? undefined : JSON.stringify(data);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port: CLUSTER_PORTS.proxy,
        localAddress: from,
        method,
        path,
        agent: false,
        headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: response.statusCode ?? 0,
            upstream: String(response.headers["x-upstream"] ?? ""),
            body: text.startsWith("{") ? JSON.parse(text) : {},
          });
        });
      },
    );
    sent.on("error", reject);
    sent.end(body);
  });
}

/**
 * Sends `calls` one after another, each meant for the other process than the one before. Round-robin hands
 * the next request to the other process, unless another worker's request came in between: so before each call
 * cheap probes (/readyz) go until one lands where the previous call did. The answers, with the process of each.
 */
async function alternately(from: string, calls: (() => Promise<Answer>)[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const send of calls) {
    const previous = answers.at(-1)?.upstream;
    for (let probes = 0; previous && probes < 10; probes++)
      if ((await call(from, "GET", "/readyz")).upstream === previous) break;
    answers.push(await send());
  }
  return answers;
}

const processes = (answers: Answer[]) => new Set(answers.map((a) => a.upstream));

/** A new client, registered, confirmed and signed in in a browser of its own: the bearer its tab sends. */
async function newClient(browser: Browser, name: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = `${name}.${Date.now()}@example.it`;
  await registerClient(page, email, "Tranquilla42");
  const authorization = await signInWithBearer(page, email, "Tranquilla42");
  await context.close();
  return authorization;
}

test("five wrong voucher codes from one address, on both processes, and the sixth is refused", async ({
  browser,
}) => {
  const [guesser, neighbour] = await Promise.all([
    newClient(browser, "codici"),
    newClient(browser, "vicina"),
  ]);
  const from = randomAddress();
  const verify = (authorization: string, voucherCode: string, address = from, headers = {}) =>
    call(address, "POST", "/v1/voucher/verify", { voucherCode }, { authorization, ...headers });

  const answers = await alternately(
    from,
    [1, 2, 3, 4, 5, 6].map((n) => () => verify(guesser, `SBAGLIATO-${n}`)),
  );
  test.info().annotations.push({
    type: "processes",
    description: answers.map((a) => `${a.status} ${a.upstream}`).join(", "),
  });
  const [five, sixth] = [answers.slice(0, 5), answers[5] as Answer];
  expect(five.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
  expect(five[0]?.body.message).toBe(MESSAGES.voucherInvalid);
  // Neither process alone saw five: the count is the database's.
  expect(processes(five).size).toBe(2);
  expect(sixth.status).toBe(429);
  expect(sixth.body.message).toBe(MESSAGES.tooManyWrongCodes);

  // The address is counted as nginx saw it: another account there is refused even a right code, on either
  // process, and an X-Forwarded-For the client writes changes nothing; from another address it is accepted.
  const there = await alternately(from, [
    () => verify(neighbour, "ARGINE10"),
    () => verify(neighbour, "ARGINE10"),
  ]);
  expect(there.map((a) => a.status)).toEqual([429, 429]);
  expect((await verify(neighbour, "ARGINE10", from, { "x-forwarded-for": "203.0.113.50" })).status).toBe(429);
  expect((await verify(neighbour, "ARGINE10", randomAddress())).status).toBe(200);
});

test("registrations from one address: five a minute on both processes together, the sixth refused", async () => {
  const from = randomAddress();
  const stamp = Date.now();
  const register = (n: number) => () =>
    call(from, "POST", "/v1/users", {
      name: "Bianca",
      lastname: "Verdi",
      email: `limite.${stamp}.${n}@example.it`,
      password: "Tranquilla42",
      privacyConsent: true,
    });
  const answers = await alternately(from, [1, 2, 3, 4, 5, 6].map(register));
  test.info().annotations.push({
    type: "processes",
    description: answers.map((a) => `${a.status} ${a.upstream}`).join(", "),
  });
  const [five, sixth] = [answers.slice(0, 5), answers[5] as Answer];
  expect(five.map((a) => a.status)).toEqual([202, 202, 202, 202, 202]);
  expect(processes(five).size).toBe(2);
  expect(sixth.status, `the sixth registration, on ${sixth.upstream}`).toBe(429);
  expect(sixth.body.message).toBe(MESSAGES.tooManyRequests);
});
