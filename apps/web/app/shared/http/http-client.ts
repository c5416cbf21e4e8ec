import { TRANSPORT_MESSAGES } from "@argine/core/shared/transport-messages";
import { isApiErrorBody, serviceUnavailable, toHttpError } from "./http-error.ts";

// The product API client (spec §7 "Product API", §8 "Server and network errors"):
// - 200–299 resolves with the parsed JSON body (null for 204/205 or an empty body);
// - any other status rejects with the server's JSON body, `{ message: 'Server Error {status} !' }` when the
//   body is not JSON, and 'Unknow Error!' as the message of an error body that has none;
// - except where the API did not answer, said in Italian (ADR 041, a deviation from §8): a 502/503/504
//   without the API's error body (the proxy's HTML page, a process's `{"status":"starting"}`) and a network
//   failure reject with `serviceUnavailable()`.
// Bodies are JSON with a JSON content type, except FormData/Blob/… (files), which the browser encodes.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** Query-string parameters; null and undefined values are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** A JSON-serialisable value, or a FormData/Blob/ArrayBuffer/URLSearchParams sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Set to false for public calls that must go without credentials (e.g. the feedback read). */
  auth?: boolean;
  /** The call outlives the page (the quick exit's last word to the server before it leaves). */
  keepalive?: boolean;
  /** "blob": a 2xx answer is a file (an export), handed over as a Blob; errors are JSON as always. */
  responseType?: "json" | "blob";
}

/** Returns the current access token, or nothing when signed out. Wired by the auth feature. */
export type AccessTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

export interface HttpClientOptions {
  /** API origin (and optional path prefix); empty means the page's own origin. */
  baseUrl?: string;
  getAccessToken?: AccessTokenGetter;
  /** For tests; defaults to the global fetch, looked up at call time. */
  fetch?: typeof fetch;
}

export interface HttpClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  delete<T>(path: string, body?: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  /** Installs (or removes, with null) the bearer-token hook used by authenticated calls. */
  setAccessTokenGetter(getter: AccessTokenGetter | null): void;
  /** The token an authenticated call would carry now (renewed if due), or null when signed out. */
  accessToken(): Promise<string | null>;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions["query"]): string {
  const url = /^https?:\/\//i.test(path)
    ? path
    : `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

/** Bad Gateway, Service Unavailable, Gateway Timeout: what nginx answers when no process serves the call. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const baseUrl = options.baseUrl ?? "";
  let getAccessToken = options.getAccessToken ?? null;
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);

  async function request<T>(path: string, requestOptions: RequestOptions = {}): Promise<T> {
    const {
      method = "GET",
      query,
      body,
      signal,
      auth = true,
      responseType = "json",
      keepalive,
    } = requestOptions;
    const headers = new Headers({ Accept: "application/json" });
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) {
        payload = body; // the browser sets the multipart/binary content type
      } else {
        payload = JSON.stringify(body);
        headers.set("Content-Type", "application/json");
      }
    }
    if (auth && getAccessToken) {
      let token: string | null | undefined;
      try {
        token = await getAccessToken();
      } catch (reason) {
        throw toHttpError(reason);
      }
      if (token) headers.set("Authorization", `Bearer ${token}`);
    }
    for (const [name, value] of Object.entries(requestOptions.headers ?? {})) headers.set(name, value);

    let response: Response;
    let text: string;
    let file: Blob | undefined;
    try {
      response = await doFetch(buildUrl(baseUrl, path, query), {
        method,
        headers,
        body: payload,
        signal,
        ...(keepalive ? { keepalive } : {}),
        // Same-origin cookies only (the default deployment serves web and API from one origin); the API
        // authenticates with the bearer token, so no cookie is ever sent to another origin.
        credentials: "same-origin",
      });
      const success = response.status >= 200 && response.status <= 299;
      if (success && responseType === "blob") file = await response.blob();
      const empty = file !== undefined || response.status === 204 || response.status === 205;
      text = empty ? "" : await response.text();
    } catch (reason) {
      // A cancelled call (TanStack Query's AbortSignal) is not a network failure: let it through as is.
      if (signal?.aborted) throw reason;
      // A process restarting where no proxy answers for it (the one-process deployment) is met here too.
      throw serviceUnavailable();
    }

    if (file) return file as T;
    if (response.status >= 200 && response.status <= 299) {
      if (text.trim() === "") return null as T;
      const parsed = parseJson(text);
      // A 2xx body that is not JSON (never sent by our API) is handed over as text.
      return (parsed.ok ? parsed.value : text) as T;
    }

    const parsed = parseJson(text);
    // The proxy answering for a process that is down, restarting or too slow; the API's own 503 has its body.
    if (GATEWAY_STATUSES.has(response.status) && !(parsed.ok && isApiErrorBody(parsed.value))) {
      throw serviceUnavailable();
    }
    if (!parsed.ok) throw { message: TRANSPORT_MESSAGES.serverErrorStatus(response.status) };
    throw toHttpError(parsed.value);
  }

  const withBody =
    (method: HttpMethod) =>
    <T>(path: string, body?: unknown, rest: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...rest, method, body });

  return {
    request,
    get: <T>(path: string, rest: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...rest, method: "GET" }),
    post: withBody("POST"),
    put: withBody("PUT"),
    patch: withBody("PATCH"),
    delete: withBody("DELETE"),
    setAccessTokenGetter(getter) {
      getAccessToken = getter;
    },
    accessToken: async () => (getAccessToken ? ((await getAccessToken()) ?? null) : null),
  };
}
