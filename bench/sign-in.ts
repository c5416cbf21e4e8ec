// Signs a bench's accounts in as the web app does, for a token its load can carry.

import { createHash, randomBytes } from "node:crypto";
import { generate } from "otplib";

/** The last time step typed for each account: the server takes a code once, so the next sign-in waits for a new one. */
const typedSteps = new Map<string, number>();

/** The authenticator's code of a time step this account has not typed yet (waited for, as a person would). */
async function freshCode(email: string, { secret, period }: BenchSecondFactor): Promise<string> {
  let step = Math.floor(Date.now() / 1000 / period);
  const last = typedSteps.get(email) ?? -1;
  if (step <= last) {
    await new Promise((resolve) => setTimeout(resolve, (last + 1) * period * 1000 - Date.now() + 10));
    step = last + 1;
  }
  typedSteps.set(email, step);
  return generate({ secret, period, epoch: step * period });
}

/** The key and period of an account's authenticator, for the sign-in's code step. */
export interface BenchSecondFactor {
  secret: string;
  period: number;
}

/**
 * Signs in the way the web app does (authorization code + PKCE, our login step, the code step when the
 * account has an authenticator) and returns the access token.
 */
export async function signIn(
  base: string,
  email: string,
  password: string,
  secondFactor?: BenchSecondFactor,
): Promise<string> {
  const cookies = new Map<string, string>();
  const go = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
    }
    return res;
  };
  const config = (await (await fetch(`${base}/v1/auth/config`)).json()) as {
    issuer: string;
    clientId: string;
    audience: string;
    scope: string;
  };
  const discovery = (await (await fetch(`${config.issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(16).toString("base64url");
  const redirectUri = `${base}/callback`;
  const auth = new URL(discovery.authorization_endpoint);
  auth.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: config.scope,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    state,
    resource: config.audience,
  }).toString();
  let res = await go(auth.href);
  const interaction = new URL(res.headers.get("location") ?? "", base).href;
  const details = await go(interaction, { headers: { accept: "application/json" } });
  const { csrfToken } = (await details.json()) as { csrfToken: string };
  const login = await go(`${interaction}/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", "x-csrf-token": csrfToken },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  let answer = (await login.json()) as { redirectTo: string } | { secondFactorToken: string };
  if ("secondFactorToken" in answer) {
    if (!secondFactor) throw new Error(`sign-in of ${email}: a code is asked and the bench has no key`);
    const step = await go(`${interaction}/second-factor`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-csrf-token": csrfToken },
      body: JSON.stringify({
        secondFactorToken: answer.secondFactorToken,
        code: await freshCode(email, secondFactor),
      }),
    });
    if (step.status !== 200) throw new Error(`code of ${email}: ${step.status} ${await step.text()}`);
    answer = (await step.json()) as { redirectTo: string };
  }
  let next = answer.redirectTo;
  for (let hops = 0; hops < 5 && !next.startsWith(redirectUri); hops++) {
    res = await go(new URL(next, base).href);
    next = res.headers.get("location") ?? "";
  }
  const callback = new URL(next, base);
  const code = callback.searchParams.get("code");
  if (!code || callback.searchParams.get("state") !== state) throw new Error(`sign-in of ${email}: ${next}`);
  const token = await fetch(discovery.token_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: config.clientId,
      code_verifier: verifier,
      resource: config.audience,
    }),
  });
  const body = (await token.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`token for ${email}: ${token.status} ${JSON.stringify(body)}`);
  return body.access_token;
}
