import { isFinalErrorCode } from "@argine/core/errors/error-codes";
import {
  isCancelledError,
  type Mutation,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
} from "@tanstack/react-query";
import { toHttpError } from "../http/http-error.ts";
import { ERROR_MODAL_ID } from "../modal/error-modal.tsx";
import type { ModalStore } from "../modal/modal-store.ts";
import type { AppStateStore } from "./app-state.ts";
import type { AsyncMeta } from "./async-meta.ts";

// The spec's async-action behaviour (§4), implemented once for every query and mutation:
//   request → raise the spinner (unless meta.hideSpinner; a write paused offline lowers it until it resumes);
//   error   → set the layout error and open the error modal (unless meta.hideError);
//   settled → close the spinner.
// Screens only pass `meta`; they never drive the spinner or the error modal themselves.

export interface AsyncDependencies {
  appState: AppStateStore;
  modal: ModalStore;
}

/** Reads are retried once, and only when the failure may be transient (network, 5xx). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code !== "string" || !isFinalErrorCode(code);
}

function reportError({ appState, modal }: AsyncDependencies, reason: unknown, meta: AsyncMeta | undefined) {
  if (meta?.hideError === true || isCancelledError(reason)) return;
  const error = toHttpError(reason);
  const listed: readonly string[] = Array.isArray(meta?.hideError) ? meta.hideError : [];
  if (error.code !== undefined && listed.includes(error.code)) return;
  appState.setError(error);
  modal.open(ERROR_MODAL_ID, { message: error.message });
}

export function createQueryClient(deps: AsyncDependencies): QueryClient {
  const { appState } = deps;

  // Queries: the cache has no "fetch started" callback, so the spinner follows each query's fetchStatus
  // through the cache's events. A query holds at most one spinner instance, released when it stops fetching
  // for any reason (success, error, cancellation, removal), so the count can never drift.
  const spinningQueries = new WeakSet<Query>();
  const queryCache = new QueryCache({
    onError: (error, query) => reportError(deps, error, query.meta),
  });
  queryCache.subscribe((event) => {
    const query = event.query;
    const fetching =
      event.type !== "removed" && query.state.fetchStatus === "fetching" && !query.meta?.hideSpinner;
    if (fetching && !spinningQueries.has(query)) {
      spinningQueries.add(query);
      appState.raiseSpinner();
    } else if (!fetching && spinningQueries.has(query)) {
      spinningQueries.delete(query);
      appState.closeSpinner();
    }
  });

  // Mutations: the spinner follows each mutation's state as the queries' does, but not while it is paused:
  // a write sent offline waits for the network (the screen says so), it does not spin until then.
  const spinningMutations = new WeakSet<Mutation<unknown, unknown, unknown, unknown>>();
  const mutationCache = new MutationCache({
    onError: (error, _variables, _result, mutation) => reportError(deps, error, mutation.meta),
  });
  mutationCache.subscribe((event) => {
    const mutation = event.mutation;
    if (!mutation) return;
    const running =
      event.type !== "removed" &&
      mutation.state.status === "pending" &&
      !mutation.state.isPaused &&
      !mutation.meta?.hideSpinner;
    if (running && !spinningMutations.has(mutation)) {
      spinningMutations.add(mutation);
      appState.raiseSpinner();
    } else if (!running && spinningMutations.has(mutation)) {
      spinningMutations.delete(mutation);
      appState.closeSpinner();
    }
  });

  return new QueryClient({
    queryCache,
    mutationCache,
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        // A background refetch on tab focus would flash the global spinner at a frightened user for no
        // action of theirs; screens that need fresh data on focus opt in.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
