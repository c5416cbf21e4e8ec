import { createContext, useContext } from "react";
import type { HttpError } from "../http/http-error.ts";
import { createStore, type Store, useStore } from "../store/create-store.ts";
import type { SessionUser } from "./session-user.ts";

// App state (spec §3): the signed-in user, the layout error, the last error and the spinner's instance count,
// plus the authentication state of spec §4 ("unknown" until the session check finishes, written by the auth
// feature's provider).

export interface SpinnerState {
  instances: number;
  isSpinning: boolean;
}

/** Spec §4: unknown until the session check finishes, then authenticated or not. */
export type AuthStatus = "unknown" | "authenticated" | "anonymous";

export interface AppState {
  authStatus: AuthStatus;
  /** The signed-in user; null while unknown or signed out. */
  user: SessionUser | null;
  /** The message of the last failed async action shown to the user, until the next navigation. */
  layoutError: string | null;
  lastError: HttpError | null;
  spinner: SpinnerState;
}

export interface AppStateStore extends Store<AppState> {
  /** One more async action in flight. */
  raiseSpinner(): void;
  /** One async action done. Never goes below zero. */
  closeSpinner(): void;
  /** Records a failed async action: lastError and the layout error. */
  setError(error: HttpError): void;
  clearLayoutError(): void;
  /** The session check (or a login) found a signed-in user. */
  setAuthenticated(user: SessionUser): void;
  /** Signed out, or the session check found no session: clears the user. */
  setAnonymous(): void;
  /** Replaces the user's data (e.g. after GET /v1/users/me or a profile edit) while signed in. */
  updateUser(user: SessionUser): void;
}

export const INITIAL_APP_STATE: AppState = {
  authStatus: "unknown",
  user: null,
  layoutError: null,
  lastError: null,
  spinner: { instances: 0, isSpinning: false },
};

function spinner(instances: number): SpinnerState {
  const count = Math.max(0, instances);
  return { instances: count, isSpinning: count > 0 };
}

export function createAppStateStore(initial: AppState = INITIAL_APP_STATE): AppStateStore {
  const store = createStore<AppState>(initial);
  return {
    ...store,
    raiseSpinner() {
      store.setState((state) => ({ ...state, spinner: spinner(state.spinner.instances + 1) }));
    },
    closeSpinner() {
      store.setState((state) =>
        state.spinner.instances === 0 ? state : { ...state, spinner: spinner(state.spinner.instances - 1) },
      );
    },
    setError(error) {
      store.setState((state) => ({ ...state, lastError: error, layoutError: error.message }));
    },
    clearLayoutError() {
      store.setState((state) => (state.layoutError === null ? state : { ...state, layoutError: null }));
    },
    setAuthenticated(user) {
      store.setState((state) => ({ ...state, authStatus: "authenticated", user }));
    },
    setAnonymous() {
      store.setState((state) =>
        state.authStatus === "anonymous" && state.user === null
          ? state
          : { ...state, authStatus: "anonymous", user: null },
      );
    },
    updateUser(user) {
      store.setState((state) => (state.authStatus === "authenticated" ? { ...state, user } : state));
    },
  };
}

export const AppStateContext = createContext<AppStateStore | null>(null);

export function useAppStateStore(): AppStateStore {
  const store = useContext(AppStateContext);
  if (!store) throw new Error("useAppStateStore needs <AppProviders> (AppStateContext) above it");
  return store;
}

export function useAppState<S>(selector: (state: AppState) => S): S {
  return useStore(useAppStateStore(), selector);
}
