import {
  type QueryClient,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import type { HttpError } from "../http/http-error.ts";

/** What a screen adds to a feature's write hook: its meta and its own callbacks (a status, a focus move). */
export type WriteOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, HttpError, TVariables>,
  "mutationFn" | "onSuccess" | "onError"
> & {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: HttpError, variables: TVariables) => unknown;
};

/** How a write brings the cache up to date; a promise returned is awaited before the screen's callback. */
export interface CacheRefresh<TData, TVariables> {
  onSuccess?: (queryClient: QueryClient, data: TData, variables: TVariables) => unknown;
  onError?: (queryClient: QueryClient, error: HttpError, variables: TVariables) => unknown;
}

/**
 * A feature's write hook, written once beside its queries (`useUpdateProduct()`…): the call, the cache
 * refresh it owns, then what the screen adds. Screens never refresh the cache themselves.
 */
export function useWrite<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refresh: CacheRefresh<TData, TVariables>,
  options: WriteOptions<TData, TVariables> = {},
) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = options;
  return useMutation<TData, HttpError, TVariables>({
    ...rest,
    mutationFn,
    onSuccess: async (data, variables) => {
      await refresh.onSuccess?.(queryClient, data, variables);
      return onSuccess?.(data, variables);
    },
    onError: async (error, variables) => {
      await refresh.onError?.(queryClient, error, variables);
      return onError?.(error, variables);
    },
  });
}

/**
 * A write hook's options when a form sends it (`send: write.mutateAsync`): the form's own submission
 * (`useCheckedForm`) raises the spinner and shows the failure, so the write itself stays quiet.
 */
export const SENT_BY_FORM = { meta: { hideError: true, hideSpinner: true } } as const;
