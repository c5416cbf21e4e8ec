import { lookup } from "node:dns/promises";
import { AppError } from "@argine/core/errors/app-error";
import { isPrivateAddress } from "@argine/core/legalization/capture-url";
import { MESSAGES } from "@argine/core/shared/messages";

// The API's half of the capture URL's rule (core legalization/capture-url.ts has the pure half, also the
// form's): a public-looking name that resolves to a private address (a DNS record pointing at 127.0.0.1 or
// 169.254.169.254) is refused too, since the provider would fetch it. A name that does not resolve, or not
// in time, is the provider's to report: the capture fails there, and nothing of ours is reached through it.
// The provider resolves the name again when it opens the page, so a record changed in between (DNS
// rebinding) is beyond this check: the provider's own network must not reach private addresses (ADR 024).

/** Every address a name resolves to; throws when it does not resolve. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithSystem: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** How long a start waits for the resolver before leaving the name to the provider. */
const RESOLVE_TIMEOUT_MS = 2000;

/** Throws the Italian 400 when the URL's host name resolves to any private address. */
export async function assertCaptureHostPublic(
  url: string,
  resolve: ResolveHost = resolveWithSystem,
): Promise<void> {
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, "");
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(hostname).catch(() => [] as string[]),
    new Promise<string[]>((done) => {
      timer = setTimeout(() => done([]), RESOLVE_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (addresses.some(isPrivateAddress)) throw new AppError("BAD_REQUEST", MESSAGES.captureUrlPrivate);
}
