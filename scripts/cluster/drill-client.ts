import { createHash, randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import { TRUST_COOKIE } from "../../apps/api/src/identity/sign-in-guard.ts";

// The virtual clients of the drills (operations-drill.ts, and the crash and fault drills): each speaks HTTP
// from a loopback address of its own (127.0.0.x), so the per-address limits count clients, not the drill,
// and signs in the way the web app does. A Tally counts what they did, by what and by the drill's phase.

export const DEMO_CLIENT = "cliente@demo.argine.it";
export const DEMO_PASSWORD = "Demo!Argine2026";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The answer of the request sent again after its connection closed under it (below). */
  resent?: boolean;
}

/** One virtual client's HTTP: its own loopback address (nginx passes it on), its own kept-alive connections. */
export function clientOf(address: string, base: string) {
  const agent = new Agent({ keepAlive: true, localAddress: address } as ConstructorParameters<
    typeof Agent
  >[0]);
  const cookies = new Map<string, string>();
  type Init = { headers?: Record<string, string>; body?: string | Buffer };
  /**
   * A request sent on a kept-alive connection the server (nginx reloading, a process stopping) closed just
   * then, before any byte of an answer, is sent again once on a new connection, as browsers do (and Node's
   * documentation advises): nothing of it was read. A new connection's failure is the drill's to count.
   */
  const send = async (method: string, path: string, init: Init = {}): Promise<Answer> => {
    try {
      return await sendOnce(method, path, init);
    } catch (error) {
      if (!(error as { reusedSocket?: boolean }).reusedSocket) throw error;
      // Marked, answer or error: a process killed under the first may have read and worked it (the crash
      // drill counts such a write unknown, not refused).
      return sendOnce(method, path, init).then(
        (answer) => ({ ...answer, resent: true }),
        (again: unknown) => {
          throw Object.assign(again as Error, { resent: true });
        },
      );
    }
  };
  const sendOnce = (method: string, path: string, init: Init) =>
    new Promise<Answer>((resolve, reject) => {
      const url = new URL(path, base);
      const req = request(
        url,
        {
          method,
          agent,
          headers: {
            ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {}),
            ...init.headers,
          },
          timeout: 15_000,
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => {
            for (const cookie of res.headers["set-cookie"] ?? []) {
              const [pair = ""] = cookie.split(";");
              const eq = pair.indexOf("=");
              if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text });
          });
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error("no answer in 15 s")));
      let answered = false;
      req.on("response", () => {
        answered = true;
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        const closedUnderIt = error.code === "ECONNRESET" || error.message === "socket hang up";
        if (req.reusedSocket && !answered && closedUnderIt) Object.assign(error, { reusedSocket: true });
        reject(error);
      });
      req.end(init.body);
    });
  return { send, cookies, close: () => agent.destroy() };
}

export type Client = ReturnType<typeof clientOf>;

/** Signs in the way the web app does (code + PKCE through nginx): the access token, or why not. */
export async function signIn(
  client: Client,
  base: string,
  email = DEMO_CLIENT,
  password = DEMO_PASSWORD,
): Promise<string> {
  // As a browser does, the account's trust cookie is kept (sign-in-guard.ts): its next sign-ins count against
  // this device, so the drill's clients signing in to one account do not hold each other back.
  for (const name of [...client.cookies.keys()]) if (name !== TRUST_COOKIE) client.cookies.delete(name);
  const config = JSON.parse((await client.send("GET", "/v1/auth/config")).text) as {
    issuer: string;
    clientId: string;
    audience: string;
    scope: string;
  };
  const verifier = randomBytes(32).toString("base64url");
  const auth = new URL(`${config.issuer}/auth`);
  auth.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: "code",
    redirect_uri: `${base}/callback`,
    scope: config.scope,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state: randomBytes(8).toString("hex"),
    resource: config.audience,
  }).toString();
  const step = (answer: Answer, expected: number, what: string) => {
    if (answer.status !== expected) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 160)}`);
    return answer;
  };
  const started = step(await client.send("GET", auth.pathname + auth.search), 303, "authorization");
  const interaction = String(started.headers.location);
  const details = step(
    await client.send("GET", interaction, { headers: { accept: "application/json" } }),
    200,
    "interaction",
  );
  const { csrfToken } = JSON.parse(details.text) as { csrfToken: string };
  const login = step(
    await client.send("POST", `${interaction}/login`, {
      headers: { "content-type": "application/json", accept: "application/json", "x-csrf-token": csrfToken },
      body: JSON.stringify({ email, password }),
    }),
    200,
    "login",
  );
  let next = (JSON.parse(login.text) as { redirectTo: string }).redirectTo;
  for (let hops = 0; hops < 5 && !next.startsWith(`${base}/callback`); hops++) {
    const res = await client.send("GET", new URL(next, base).pathname + new URL(next, base).search);
    if (res.status !== 303 && res.status !== 302) throw new Error(`redirect: ${res.status}`);
    next = String(res.headers.location);
  }
  const code = new URL(next).searchParams.get("code");
  if (!code) throw new Error(`no code in ${next.split("?")[0]}`);
  const token = step(
    await client.send("POST", "/oidc/token", {
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: `${base}/callback`,
        client_id: config.clientId,
        code_verifier: verifier,
        resource: config.audience,
      }).toString(),
    }),
    200,
    "token",
  );
  return (JSON.parse(token.text) as { access_token: string }).access_token;
}

/** What happened, by what the clients did and by which procedure was under way. */
export class Tally {
  phase = "warm-up";
  readonly ok = new Map<string, number>();
  readonly failed = new Map<string, string[]>();
  succeed(what: string) {
    this.ok.set(what, (this.ok.get(what) ?? 0) + 1);
  }
  fail(what: string, why: string) {
    const key = `${what} during ${this.phase}`;
    this.failed.set(key, [...(this.failed.get(key) ?? []), why]);
  }
  get failures() {
    return [...this.failed.values()].reduce((n, list) => n + list.length, 0);
  }
}
