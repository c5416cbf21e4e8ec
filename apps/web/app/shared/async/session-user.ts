/**
 * The signed-in user in app state (spec §3 "User (identity)": id, name, the roles claim). Built from the id
 * token's claims at sign-in, then refreshed from GET /v1/users/me.
 */
export interface SessionUser {
  id: string;
  /** First name, as greeted in the dashboard and shown on the account menu button. */
  name: string;
  lastname: string;
  email: string;
  /** An empty list is a plain customer (spec §4, §6). */
  roles: string[];
}
