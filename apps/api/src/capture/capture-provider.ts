import type { CspSources } from "../http/csp.ts";

// The forensic-capture provider (spec §4 "Legalization session states"): it runs a session that
// records a page as evidence, reports its state (core legalization/session-state.ts says which are in
// progress, success or failure), and keeps the files it made. Two engines: the embedded sandbox
// (sandbox-provider.ts, the default outside production) and a real service by URL and key
// (service-provider.ts). Call it outside the use case's transaction: the sandbox works on its own connection.
// The files are copied into the app's storage once ready, so the links, the archive and the retention never
// depend on how long a provider keeps them.

export interface CaptureSession {
  /** The provider's id of the session. */
  id: string;
  state: string;
  step: string | null;
}

/** The PDF report among a session's files: the one whose hash the client is shown. */
export const REPORT_FILE_NAME = "report.pdf";

export interface CaptureFile {
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface CaptureProvider {
  /** Shown in a failure's text: '<name> Error : <state>'. */
  readonly name: string;
  /** Starts a session capturing `url`; `reference` is our session's id, for the provider's records. */
  start(input: { url: string; reference: string }): Promise<CaptureSession>;
  get(id: string): Promise<CaptureSession>;
  /** The client's stop action: the provider closes the session and makes the files. */
  stop(id: string): Promise<CaptureSession>;
  setStep(id: string, step: string): Promise<CaptureSession>;
  /** The files the session made (none before they are ready: up to 12 hours after it closed). */
  listFiles(id: string): Promise<CaptureFile[]>;
  /** One of them, whole: the use case keeps a copy in the app's storage for the year of retention. */
  download(id: string, name: string): Promise<Uint8Array>;
  /** What the page's CSP must allow for the provider's browser side. */
  readonly csp: CspSources;
}
