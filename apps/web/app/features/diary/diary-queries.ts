import type {
  DiaryAttachment,
  DiaryCorrectionBody,
  DiaryEntry,
  DiaryEntryBody,
  DiaryShare,
  Dossier,
} from "@argine/core/diary/diary-api";
import { DIARY_ROUTES as CALLS } from "@argine/core/diary/diary-routes";
import { MESSAGES } from "@argine/core/shared/messages";
import { type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useWrite, type WriteOptions } from "../../shared/async/use-write.ts";
import { call } from "../../shared/http/call.ts";
import { type HttpError, toHttpError } from "../../shared/http/http-error.ts";
import { QUICK_EXIT_EVENT } from "../../shared/live/quick-exit-event.ts";
import { serverIssues } from "../../shared/ui/form-state.ts";
import { putFile } from "../services/public.ts";

// The diary's calls (core diary-routes.ts, issue 40): the client's episodes and their versions, the
// attachments sent in three steps (where, the bytes, received), the share with a practice's lawyers and the
// dossier, polled while it is made. Keys start with "diary": the quick exit drops them all at once.

const DIARY_QUERY_KEY = ["diary"] as const;
const ENTRIES_KEY = [...DIARY_QUERY_KEY, "entries"] as const;

/** The whole diary (the client's own), or one practice's episodes (the only way a lawyer reads them). */
export function entriesQueryOptions(practiceId?: string) {
  return queryOptions({
    queryKey: [...ENTRIES_KEY, practiceId ?? "all"] as const,
    queryFn: ({ signal }) => call(CALLS.entries, { query: practiceId ? { practiceId } : {}, signal }),
  });
}

/** How often an episode whose seal is still awaited is read again. */
const SEAL_POLL_MS = 10_000;

/** A seal still awaited: a version or an attachment without its timestamp yet. */
const sealPending = (entry: DiaryEntry) =>
  entry.versions.some((version) => version.sealedAt === null) ||
  entry.attachments.some((attachment) => attachment.sealedAt === null);

/** One episode, read again (quietly) while a seal is awaited, so «Sigillo in corso» turns into its moment. */
export function entryQueryOptions(entryId: string) {
  return queryOptions({
    queryKey: [...DIARY_QUERY_KEY, "entry", entryId] as const,
    queryFn: ({ signal }) => call(CALLS.entry, { params: { id: entryId }, signal }),
    // The page says it is loading, and that an episode is not there, itself: no spinner every ten seconds.
    meta: { hideSpinner: true, hideError: ["NOT_FOUND", "BAD_REQUEST"] },
    refetchInterval: (query) => (query.state.data && sealPending(query.state.data) ? SEAL_POLL_MS : false),
  });
}

/** An entry just written: it is the answer, and every list it may be in is read again. */
async function putEntry(queryClient: QueryClient, entry: DiaryEntry) {
  queryClient.setQueryData(entryQueryOptions(entry.id).queryKey, entry);
  await queryClient.invalidateQueries({ queryKey: ENTRIES_KEY });
}

/** A new episode, its attachments already received. */
export const useCreateEntry = (options?: WriteOptions<DiaryEntry, DiaryEntryBody>) =>
  useWrite((body: DiaryEntryBody) => call(CALLS.createEntry, { body }), { onSuccess: putEntry }, options);

/** A correction: the whole episode as it now reads, sealed as a new version beside the original. */
export const useCorrectEntry = (entryId: string, options?: WriteOptions<DiaryEntry, DiaryCorrectionBody>) =>
  useWrite(
    (body: DiaryCorrectionBody) => call(CALLS.correctEntry, { params: { id: entryId }, body }),
    { onSuccess: putEntry },
    options,
  );

/** One file to attach, and where its sending's progress (0 to 1) goes. */
export interface AttachmentSend {
  file: File;
  onProgress: (fraction: number) => void;
}

/** The Italian reason an attachment's call was refused: the issue about the file when there is one. */
export function attachmentRefusal(reason: unknown): string {
  const error = toHttpError(reason);
  return serverIssues(error)[0]?.message ?? error.message;
}

/**
 * Sends one attachment: where to put it (the server checks the name and the size), the bytes straight to
 * the storage with their progress, then the server reads them back and checks their content, or refuses
 * it and says why (the refusal's message is the error's). Nothing cached changes until the episode is saved.
 */
export const useSendAttachment = (options?: WriteOptions<DiaryAttachment, AttachmentSend>) =>
  useWrite(
    async ({ file, onProgress }: AttachmentSend) => {
      const { attachment, upload } = await call(CALLS.prepareAttachment, {
        body: { fileName: file.name, size: file.size },
      }).catch((reason: unknown) => {
        throw { ...toHttpError(reason), message: attachmentRefusal(reason) } satisfies HttpError;
      });
      try {
        await putFile(upload, file, onProgress);
      } catch {
        throw { message: MESSAGES.uploadError } satisfies HttpError;
      }
      return call(CALLS.receiveAttachment, { params: { id: attachment.id } });
    },
    {},
    { meta: { hideError: true, hideSpinner: true }, ...options },
  );

/** A short-lived link to an attachment's bytes (a read: the button that opens it asks for it). */
export const attachmentLink = (attachmentId: string) =>
  call(CALLS.attachmentLink, { params: { id: attachmentId } });

/** Whether this practice's lawyers see its episodes. */
export function shareQueryOptions(practiceId: string) {
  return queryOptions({
    queryKey: [...DIARY_QUERY_KEY, "share", practiceId] as const,
    queryFn: ({ signal }) => call(CALLS.share, { params: { practiceId }, signal }),
  });
}

/** The switch of one practice: the answer is the share as it now stands. */
export const useSetShare = (practiceId: string, options?: WriteOptions<DiaryShare, boolean>) =>
  useWrite(
    (shared: boolean) => call(CALLS.setShare, { params: { practiceId }, body: { shared } }),
    {
      onSuccess: (queryClient, share) =>
        queryClient.setQueryData(shareQueryOptions(practiceId).queryKey, share),
    },
    options,
  );

/** How often a dossier being made is read again. */
const DOSSIER_POLL_MS = 1500;

const finished = (dossier: Dossier | undefined) => dossier?.state === "READY" || dossier?.state === "FAILED";

/**
 * Until a ready dossier's links expire: read again then, so the links shown always open. At least a few
 * seconds, so a clock a little off never makes it read in a loop.
 */
function untilLinksExpire(dossier: Dossier): number | false {
  const expiries = [dossier.pdf, dossier.zip].flatMap((link) => (link ? [Date.parse(link.expiresAt)] : []));
  if (!expiries.length) return false;
  return Math.max(5000, Math.min(...expiries) - Date.now() - 10_000);
}

/** A dossier, read again while it is made (its progress), then when its links are about to expire. */
export function dossierQueryOptions(dossierId: string) {
  return queryOptions({
    queryKey: [...DIARY_QUERY_KEY, "dossier", dossierId] as const,
    queryFn: ({ signal }) => call(CALLS.dossier, { params: { id: dossierId }, signal }),
    // The progress bar says it is working: no global spinner every second and a half.
    meta: { hideSpinner: true },
    refetchInterval: (query) => {
      const dossier = query.state.data;
      if (query.state.error) return false;
      if (!finished(dossier)) return DOSSIER_POLL_MS;
      return dossier?.state === "READY" ? untilLinksExpire(dossier) : false;
    },
  });
}

/** Asks for a dossier of one practice's episodes, or of the whole diary; the job makes it. */
export const useCreateDossier = (options?: WriteOptions<Dossier, string | null>) =>
  useWrite(
    (practiceId: string | null) => call(CALLS.createDossier, { body: { practiceId } }),
    {
      onSuccess: (queryClient, dossier) =>
        queryClient.setQueryData(dossierQueryOptions(dossier.id).queryKey, dossier),
    },
    options,
  );

/**
 * The quick exit leaves nothing of the diary behind in this tab: every diary query is dropped from the
 * cache as it leaves (the page is replaced too; this covers a page the browser would keep in memory).
 */
export function useForgetDiaryOnQuickExit() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const forget = () => queryClient.removeQueries({ queryKey: DIARY_QUERY_KEY });
    window.addEventListener(QUICK_EXIT_EVENT, forget);
    return () => window.removeEventListener(QUICK_EXIT_EVENT, forget);
  }, [queryClient]);
}
