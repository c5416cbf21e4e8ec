import { AppError } from "@argine/core/errors/app-error";
import { z } from "zod";
import type { CaptureProvider } from "./capture-provider.ts";

// A real forensic-capture service (ADR 021) by its URL and key (LEGALIZATION_API_URL/_KEY). Its calls, JSON
// with the key as a bearer token:
//   POST /sessions {url, reference}             → a session {id, state, step}
//   GET  /sessions/{id}                          → the session
//   POST /sessions/{id}/stop                     → the session, closing
//   PUT  /sessions/{id}/step {step}              → the session
//   GET  /sessions/{id}/files                    → {files: [{name, contentType, size, sha256}]}
//   GET  /sessions/{id}/files/{name}            → the file's bytes
// Anything else it answers (a 5xx, a timeout, an unexpected body) is 503 to our client, who tries again.

const SessionSchema = z.object({
  id: z.string().min(1),
  state: z.string().min(1),
  step: z.string().nullable(),
});
const FilesSchema = z.object({
  files: z.array(
    z.object({ name: z.string(), contentType: z.string(), size: z.number().int(), sha256: z.string() }),
  ),
});

const TIMEOUT_MS = 15_000;
/** A capture's video can be large. */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

export function createServiceCaptureProvider(config: {
  name: string;
  apiUrl: string;
  apiKey: string;
}): CaptureProvider {
  async function call<T>(schema: z.ZodType<T>, method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new AppError("SERVICE_UNAVAILABLE");
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!response.ok || !parsed.success) throw new AppError("SERVICE_UNAVAILABLE");
    return parsed.data;
  }
  const session = (id: string) => `/sessions/${encodeURIComponent(id)}`;
  return {
    name: config.name,
    csp: {},
    start: ({ url, reference }) => call(SessionSchema, "POST", "/sessions", { url, reference }),
    get: (id) => call(SessionSchema, "GET", session(id)),
    stop: (id) => call(SessionSchema, "POST", `${session(id)}/stop`),
    setStep: (id, step) => call(SessionSchema, "PUT", `${session(id)}/step`, { step }),
    listFiles: async (id) => (await call(FilesSchema, "GET", `${session(id)}/files`)).files,
    async download(id, name) {
      const response = await fetch(`${config.apiUrl}${session(id)}/files/${encodeURIComponent(name)}`, {
        headers: { authorization: `Bearer ${config.apiKey}` },
        signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      }).catch(() => null);
      if (!response?.ok) throw new AppError("SERVICE_UNAVAILABLE");
      return new Uint8Array(await response.arrayBuffer());
    },
  };
}
