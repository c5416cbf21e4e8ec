/** A failure of the sign-in protocol; `message` is Italian and fit for the user. */
export class OidcError extends Error {
  /** The OAuth `error` code, or "network" / "invalid_state" / "invalid_response" for our own checks. */
  readonly error: string;

  constructor(error: string, message: string) {
    super(message);
    this.name = "OidcError";
    this.error = error;
  }
}
