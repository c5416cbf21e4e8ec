import {
  readTimestampResponse,
  type TimestampAuthority,
  TimestampError,
  timestampRequest,
} from "./timestamp-authority.ts";

// A real Time Stamping Authority over HTTP (RFC 3161 §3.4): the request's DER POSTed as
// application/timestamp-query, the answer's read as application/timestamp-reply, with the credentials the
// TSA gave (HTTP Basic, as the Italian qualified TSAs ask of their subscribers). Its answer is checked as the
// embedded one's is (timestamp-authority.ts). Its own certificate is in each token (the request asks for it);
// the chain above it, up to its root, is what the operator gives in TSA_CA_CERTS (the TSA publishes it).

export interface HttpTsaConfig {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** The PEM of the certificates above the TSA's own, up to its root: the verifiers' CA file. */
  caCertificates?: string | undefined;
  /** How long one request may take (a TSA answers in well under a second). */
  timeoutMs?: number;
}

const TIMEOUT_MS = 10_000;

export function createHttpTsa(config: HttpTsaConfig): TimestampAuthority {
  const authorization =
    config.username !== undefined
      ? `Basic ${Buffer.from(`${config.username}:${config.password ?? ""}`).toString("base64")}`
      : undefined;
  return {
    async stamp(digest) {
      const { request, nonce } = timestampRequest(digest);
      let answer: Response;
      try {
        answer = await fetch(config.url, {
          method: "POST",
          headers: {
            "content-type": "application/timestamp-query",
            accept: "application/timestamp-reply",
            ...(authorization ? { authorization } : {}),
          },
          body: request,
          signal: AbortSignal.timeout(config.timeoutMs ?? TIMEOUT_MS),
        });
      } catch (error) {
        throw new TimestampError(`the TSA could not be reached (${(error as Error).name})`);
      }
      if (!answer.ok) throw new TimestampError(`the TSA answered ${answer.status}`);
      const type = answer.headers.get("content-type") ?? "";
      if (!type.startsWith("application/timestamp-reply"))
        throw new TimestampError(`the TSA answered ${type || "no content type"}, not a timestamp reply`);
      return readTimestampResponse(Buffer.from(await answer.arrayBuffer()), digest, nonce);
    },
    chain: async () => config.caCertificates ?? "",
  };
}
