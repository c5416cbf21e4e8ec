import type { Db, DbHandle } from "@argine/db/client";
import { createUser, findUserByEmail } from "@argine/db/queries/users";
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, seedDemo } from "@argine/db/seed";
import { openTestDb, type TestDbKind } from "@argine/db/testing";
import type { FastifyInstance } from "fastify";
import * as client from "openid-client";
import { generate } from "otplib";
import { buildApp } from "../src/app.ts";
import { type Clock, now } from "../src/clock.ts";
import type { Adapters } from "../src/deps.ts";
import { hashPassword } from "../src/identity/passwords.ts";
import { sealSecret } from "../src/identity/second-factor.ts";
import type { Mail, Mailer } from "../src/mail/mailer.ts";
import { testConfig } from "./helpers.ts";
import { jobsSettled } from "./jobs.ts";
import { freePort } from "./ports.ts";

/**
 * Keeps sent mails in memory. Mails go out through the job queue, after the request that queued them has
 * answered: the readers wait until the queue has delivered every mail queued so far (given the database).
 */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  private readonly db: Db | undefined;
  constructor(db?: Db) {
    this.db = db;
  }
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  async lastTo(to: string): Promise<Mail | undefined> {
    if (this.db) await jobsSettled(this.db);
    return this.sent.filter((m) => m.to === to).at(-1);
  }
  /** The token of the link in the last mail to `to`. */
  async tokenIn(to: string): Promise<string> {
    const match = (await this.lastTo(to))?.text.match(/token=([\w-]+)/);
    if (!match?.[1]) throw new Error(`no link mailed to ${to}`);
    return match[1];
  }
}

/**
 * A client address of its own, so per-IP limits stay apart: the test server trusts one proxy hop
 * (TRUST_PROXY=1), and the test plays that proxy, telling the address it saw in X-Forwarded-For.
 */
export function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

/** A minimal browser: follows nothing by itself, keeps cookies per name, comes from one address. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  readonly ip: string;
  constructor(ip: string = randomIp()) {
    this.ip = ip;
  }
  /** A cookie of the test's choosing (a forged one, say). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", this.ip);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) this.cookies.set(name.trim(), value.join("="));
    }
    return res;
  }
}

export interface IdentityServer {
  app: FastifyInstance;
  handle: DbHandle;
  base: string;
  mailer: MemoryMailer;
  oidc: client.Configuration;
  close(): Promise<void>;
}

/**
 * The whole app listening on a real port (the provider's issuer must be a reachable URL). `adapters` replaces
 * some of the adapters the app would build, given the database (a job queue wrapped to fail, the SMTP
 * mailer…); `clock` is one the test moves (pg-boss's TestClock).
 */
export async function startIdentityServer(
  kind: TestDbKind,
  env: Record<string, string> = {},
  adapters: (handle: DbHandle) => Partial<Adapters> = () => ({}),
  clock?: Clock,
  /** The database, when not a new test database of `kind` (one behind a fault proxy). */
  open: () => Promise<DbHandle> = () => openTestDb(kind),
): Promise<IdentityServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // Codes of 2 s (ADR 036): each is accepted once, and the demo staff sign in many times a suite.
  const config = testConfig({
    PORT: String(port),
    PUBLIC_URL: base,
    TRUST_PROXY: "1",
    TOTP_PERIOD_SECONDS: "2",
    ...env,
  });
  const handle = await open();
  await seedDemo(handle.db, {
    hashPassword,
    sealSecret: (userId, secret) => sealSecret(config.documentLinkKey, userId, secret),
  });
  const mailer = new MemoryMailer(handle.db);
  const app = await buildApp({
    config,
    handle,
    clock,
    adapters: { mailer, ...adapters(handle) },
  });
  await app.listen({ port, host: "127.0.0.1" });
  const oidc = await client.discovery(new URL(`${base}/oidc`), "argine-web", undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  return {
    app,
    handle,
    base,
    mailer,
    oidc,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * Signs in the way the web app does — authorization code with PKCE, our login step — and returns the
 * tokens from the code exchange, done by openid-client (an independent relying-party library).
 */
export interface SignInResult {
  status: number;
  body?: { code: string; message: string };
  retryAfter?: string | null;
  tokens?: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
}

/**
 * The second factor a sign-in answers with, when the account has one: a code (as typed), or the key to
 * compute one from (the demo staff's by default).
 */
export interface SecondFactorAnswer {
  code?: string;
  secret?: string;
}

/** The account's current code, on the server's clock and period. */
export async function totpCode(server: IdentityServer, secret = DEMO_TOTP_SECRET): Promise<string> {
  const { clock, config } = server.app.deps;
  const period = config.identity.totpPeriodSeconds;
  return generate({ secret, period, epoch: Math.floor(now(clock).getTime() / 1000) });
}

export async function signIn(
  server: IdentityServer,
  email: string,
  password: string,
  from?: string | Browser,
  options: {
    prompt?: string;
    secondFactor?: SecondFactorAnswer;
    /** Awaited just before the password is sent: a race test lines several sign-ins up there. */
    beforeLogin?: () => Promise<void>;
    /** Awaited just before the code is sent, as beforeLogin for the code's step. */
    beforeSecondFactor?: () => Promise<void>;
  } = {},
): Promise<SignInResult> {
  // A Browser given keeps its cookies across sign-ins (the trust cookie of a known device, ADR 035).
  const browser = from instanceof Browser ? from : new Browser(from);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const audience = `${server.base}/v1`;
  const authUrl = client.buildAuthorizationUrl(server.oidc, {
    redirect_uri: `${server.base}/callback`,
    scope: "openid profile email offline_access",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    resource: audience,
    ...(options.prompt ? { prompt: options.prompt } : {}),
  });
  const secondFactor = options.secondFactor ?? {};
  let res = await browser.fetch(authUrl.href);
  const interactionUrl = new URL(res.headers.get("location") ?? "", server.base);
  const details = await browser.fetch(interactionUrl.href, { headers: { accept: "application/json" } });
  const { csrfToken } = (await details.json()) as { csrfToken: string };
  await options.beforeLogin?.();
  const login = await browser.fetch(`${interactionUrl.href}/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", "x-csrf-token": csrfToken },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200)
    return {
      status: login.status,
      body: (await login.json()) as SignInResult["body"],
      retryAfter: login.headers.get("retry-after"),
    };
  const loginResult = (await login.json()) as { redirectTo: string } | { secondFactorToken: string };
  let next: string;
  if ("secondFactorToken" in loginResult) {
    const send = async (code: string) =>
      browser.fetch(`${interactionUrl.href}/second-factor`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-csrf-token": csrfToken,
        },
        body: JSON.stringify({ secondFactorToken: loginResult.secondFactorToken, code }),
      });
    const first = secondFactor.code ?? (await totpCode(server, secondFactor.secret));
    await options.beforeSecondFactor?.();
    let answer = await send(first);
    // A code is accepted once: when this period's was just spent by another sign-in, the next period's.
    for (let tries = 0; answer.status === 401 && !secondFactor.code && tries < 3; tries++) {
      await new Promise((resolve) =>
        setTimeout(resolve, 1000 * server.app.deps.config.identity.totpPeriodSeconds),
      );
      answer = await send(await totpCode(server, secondFactor.secret));
    }
    if (answer.status !== 200)
      return { status: answer.status, body: (await answer.json()) as SignInResult["body"] };
    next = ((await answer.json()) as { redirectTo: string }).redirectTo;
  } else {
    next = loginResult.redirectTo;
  }
  for (let hops = 0; hops < 5 && !next.startsWith(`${server.base}/callback`); hops++) {
    res = await browser.fetch(new URL(next, server.base).href);
    next = res.headers.get("location") ?? "";
  }
  const tokens = await client.authorizationCodeGrant(
    server.oidc,
    new URL(next),
    { pkceCodeVerifier: verifier, expectedState: state },
    { resource: audience },
  );
  return { status: 200, tokens };
}

/**
 * A client who registers through the API and confirms the mailed link, as a person does: her user id. Each
 * call comes from an address of its own, so a suite's registrations meet no per-address limit.
 */
export async function registerVerified(
  server: IdentityServer,
  email: string,
  password: string,
): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${server.base}/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
      body: JSON.stringify(body),
    });
  await post("/users", { name: "Anna", lastname: "Bianchi", email, password, privacyConsent: true });
  await post("/users/verification", { token: await server.mailer.tokenIn(email) });
  const user = await findUserByEmail(server.handle.db, email);
  if (!user?.emailVerifiedAt) throw new Error(`${email} could not register and confirm`);
  return user.id;
}

/** Access tokens of the three demo accounts (client, lawyer, admin), for suites that call as each. */
export async function demoTokens(
  server: IdentityServer,
): Promise<{ client: string; lawyer: string; admin: string }> {
  const token = async (email: string) =>
    (await signIn(server, email, DEMO_PASSWORD)).tokens?.access_token ?? "";
  return {
    client: await token("cliente@demo.argine.it"),
    lawyer: await token("avvocato@demo.argine.it"),
    admin: await token("admin@demo.argine.it"),
  };
}

/** The client who owns nothing in the demo data: "another client" for the suites' access checks. */
export const STRANGER_EMAIL = "estranea@example.org";
export const STRANGER_PASSWORD = "Girasole-Lento-42";

/** Creates the stranger (a verified client, once per server) and returns their access token. */
export async function strangerToken(server: IdentityServer): Promise<string> {
  const password = STRANGER_PASSWORD;
  await createUser(server.handle.db, {
    email: STRANGER_EMAIL,
    name: "Estranea",
    lastname: "Cliente",
    passwordHash: await hashPassword(password),
    privacyConsent: true,
    marketingConsent: false,
    emailVerifiedAt: new Date(),
  });
  const token = (await signIn(server, STRANGER_EMAIL, password)).tokens?.access_token;
  if (!token) throw new Error(`${STRANGER_EMAIL} could not sign in`);
  return token;
}

/**
 * A JSON call to the server's `/v1` API as the bearer of `token`: the status, the headers and the parsed body
 * (a file's bytes as a Buffer). Each call
 * comes from an address of its own (randomIp), so the per-address limits of one suite's calls stay apart.
 */
/**
 * Turns the second factor on for the account of `token`, through the profile's calls as a person does (ADR
 * 036): its authenticator key, for the next sign-ins' codes.
 */
export async function enrollSecondFactor(server: IdentityServer, token: string): Promise<string> {
  const api = apiCaller(server);
  const setup = await api<{ secret: string }>(token, "/users/me/second-factor/setup", "POST");
  const { secret } = setup.body;
  const confirmed = await api(token, "/users/me/second-factor/confirm", "POST", {
    code: await totpCode(server, secret),
  });
  if (confirmed.status !== 200) throw new Error(`second factor not confirmed: ${confirmed.status}`);
  return secret;
}

export function apiCaller(server: IdentityServer) {
  return async <T>(token: string, path: string, method = "GET", body?: unknown) => {
    const res = await fetch(`${server.base}/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        "x-forwarded-for": randomIp(),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    // A file (a PDF, a .zip) comes back as its bytes.
    const json = (res.headers.get("content-type") ?? "").includes("json");
    return {
      status: res.status,
      headers: res.headers,
      body: (json ? await res.json() : Buffer.from(await res.arrayBuffer())) as T,
    };
  };
}
