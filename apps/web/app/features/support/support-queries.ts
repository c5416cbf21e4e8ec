import type { CommentReads } from "@argine/core/conversations/message-schemas";
import type { SupportThread } from "@argine/core/support/support-api";
import { SUPPORT_ROUTES as CALLS, SUPPORT_TOKEN_HEADER } from "@argine/core/support/support-routes";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";

// The support chat's calls (ADR 030): the person's own thread (a visitor's by the token their browser keeps,
// a client's by the account) and the staff's inbox, with the writes that keep the cache in step. What the live
// socket brings joins the same cache (support-live.ts).

const visitorHeaders = (token: string | null) => (token ? { [SUPPORT_TOKEN_HEADER]: token } : undefined);

/** Read marks are quiet: no spinner, no error modal (the next one tries again). */
const QUIET = { meta: { hideError: true, hideSpinner: true } } as const;

export const SUPPORT_QUERY_KEY = ["support"] as const;

/** The person's thread: the account's when signed in, else the one `token` opens (none yet without one). */
export const ownThreadQueryOptions = (token: string | null, signedIn: boolean) =>
  queryOptions({
    queryKey: [...SUPPORT_QUERY_KEY, "own", signedIn ? "account" : token],
    queryFn: ({ signal }) => call(CALLS.thread, { signal, headers: visitorHeaders(token) }),
    enabled: signedIn || token !== null,
    retry: false,
  });

export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: [...SUPPORT_QUERY_KEY, "inbox"],
    queryFn: ({ signal }) => call(CALLS.inbox, { signal }),
  });

export const staffThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...SUPPORT_QUERY_KEY, "thread", id],
    queryFn: ({ signal }) => call(CALLS.staffThread, { signal, params: { id } }),
  });

/** A cached thread's read marks, as the reader sees them (a no-op when the thread is not cached). */
export function setThreadReads(queryClient: QueryClient, queryKey: readonly unknown[], reads: CommentReads) {
  queryClient.setQueryData<SupportThread>(queryKey, (thread) => (thread ? { ...thread, reads } : thread));
}

/**
 * A line in the person's thread; the first one opens it (and gives a visitor the token to keep: the answer's
 * `token`, which the screen stores). The thread is cached under the token it will be read with.
 */
export const useWriteToSupport = (
  token: string | null,
  signedIn: boolean,
  options?: WriteOptions<SupportThread, { text: string; email?: string | undefined }>,
) =>
  useWrite(
    ({ text, email }: { text: string; email?: string | undefined }) =>
      call(CALLS.write, { body: email ? { text, email } : { text }, headers: visitorHeaders(token) }),
    {
      onSuccess: (queryClient, thread) =>
        queryClient.setQueryData(ownThreadQueryOptions(thread.token ?? token, signedIn).queryKey, {
          ...thread,
          token: null,
        }),
    },
    options,
  );

/**
 * The answer mail's link, used once: the thread opens in this browser, cached under the new token the answer
 * gives (which the screen stores, as after a first line).
 */
export const useResumeFromMail = (options?: WriteOptions<SupportThread, string>) =>
  useWrite(
    (link: string) => call(CALLS.resume, { body: { link }, auth: false }),
    {
      onSuccess: (queryClient, thread) =>
        queryClient.setQueryData(ownThreadQueryOptions(thread.token, false).queryKey, {
          ...thread,
          token: null,
        }),
    },
    options,
  );

/**
 * The quick exit's last word (ADR 030): the visitor's thread is closed, so staff do not wait on it and the
 * token opens it no more. Sent as the page goes (keepalive), started before it does; nothing is cached.
 */
export function closeThreadOnQuickExit(token: string): void {
  call(CALLS.close, { headers: { [SUPPORT_TOKEN_HEADER]: token }, auth: false, keepalive: true }).catch(
    () => undefined,
  );
}

/** The person has read their thread up to a line: the team sees it. */
export const useReadOwnThread = (token: string | null, signedIn: boolean) =>
  useWrite(
    (upTo: string) => call(CALLS.read, { body: { upTo }, headers: visitorHeaders(token) }),
    {
      onSuccess: (queryClient, reads) =>
        setThreadReads(queryClient, ownThreadQueryOptions(token, signedIn).queryKey, reads),
    },
    QUIET,
  );

/** The later of two read marks (ISO times, or null for none). */
const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a > b ? a : b);

/**
 * Staff's answer: the thread shows it, and the inbox's order moves (the person waits no more). The person may
 * have read it live before this answer comes back: a read mark the socket brought meanwhile is kept.
 */
export const useAnswerSupport = (id: string, options?: WriteOptions<SupportThread, string>) =>
  useWrite(
    (text: string) => call(CALLS.answer, { params: { id }, body: { text } }),
    {
      onSuccess: (queryClient, thread) => {
        queryClient.setQueryData<SupportThread>(staffThreadQueryOptions(id).queryKey, (cached) =>
          cached
            ? {
                ...thread,
                reads: {
                  mine: later(cached.reads.mine, thread.reads.mine),
                  theirs: later(cached.reads.theirs, thread.reads.theirs),
                },
              }
            : thread,
        );
        return queryClient.invalidateQueries({ queryKey: inboxQueryOptions().queryKey });
      },
    },
    options,
  );

/** Staff have read a thread up to a line: the person sees "Letto dal team". */
export const useReadStaffThread = (id: string) =>
  useWrite(
    (upTo: string) => call(CALLS.staffRead, { params: { id }, body: { upTo } }),
    {
      onSuccess: (queryClient, reads) =>
        setThreadReads(queryClient, staffThreadQueryOptions(id).queryKey, reads),
    },
    QUIET,
  );
