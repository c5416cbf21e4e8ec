import { AUTH_MESSAGES } from "@argine/core/identity/auth-messages";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { type AppStateStore, useAppStateStore } from "../../shared/async/app-state.ts";
import { trackEvent } from "../../shared/data-layer/data-layer.ts";
import { errorCode, toHttpError } from "../../shared/http/http-error.ts";
import { DASHBOARD_PATH } from "../../shared/navigation/navigation.ts";
import {
  clearAllLocalKeys,
  clearFeedbackClaim,
  type FeedbackClaim,
  readFeedbackClaim,
  readLastKnownPracticeId,
  writeUserData,
} from "../../shared/store/browser-storage.ts";
import { StatusRegion } from "../../shared/ui/form-field.tsx";
import { type ClaimedPracticeState, claimedPracticeState, claimPractice } from "../feedback/public.ts";
import { practiceQueryOptions } from "../practices/public.ts";
import { AccountLayout } from "./account-layout.tsx";
import { useOidcClient } from "./auth-session.ts";
import { callbackOutcome, loginErrorPath } from "./callback.ts";
import type { OidcClient } from "./oidc-client.ts";
import { userFromClaims } from "./session-user.ts";

/** How long the practice carried by the login may delay the landing before we go on without it. */
export const PRACTICE_PRELOAD_TIMEOUT_MS = 5000;

interface CallbackDeps {
  client: OidcClient;
  appState: AppStateStore;
  queryClient: QueryClient;
  /** The landing; `state` says that a practice was just added to the account. */
  navigate: (to: string, state?: ClaimedPracticeState) => void;
}

/** Settles with the promise's value, or with undefined once PRACTICE_PRELOAD_TIMEOUT_MS have passed. */
async function withinPreloadTime<T>(promise: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), PRACTICE_PRELOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The practice this tab's questionnaire opened becomes the user's, with the claim token kept in session
 * storage (the practice id alone claims nothing). A refusal is quiet — the token expired, or was
 * used — and no failure or slow answer ever blocks the landing; the claim key on the result still finds the
 * practice from the dashboard. Once answered, the token has done its job and is forgotten; a network failure
 * keeps it for the next sign-in in this tab. Resolves with the ticket code when claimed.
 */
async function claimSubmittedPractice(claim: FeedbackClaim): Promise<string | null> {
  try {
    const claimed = await withinPreloadTime(claimPractice(claim.practiceId, claim.claimToken));
    if (claimed) clearFeedbackClaim();
    return claimed?.ticketCode ?? null;
  } catch (reason) {
    const code = errorCode(reason);
    if (code === "FORBIDDEN" || code === "NOT_FOUND") clearFeedbackClaim();
    return null;
  }
}

/** Spec §4: load the practice first when one is known; a failure (or a slow answer) never blocks. */
async function preloadPractice(queryClient: QueryClient, practiceId: string): Promise<void> {
  try {
    await withinPreloadTime(
      queryClient.fetchQuery({
        ...practiceQueryOptions(practiceId),
        retry: false,
        meta: { hideError: true },
      }),
    );
  } catch {
    // navigate anyway
  }
}

/** The whole callback: the spec §8 error cases, or the code exchange and the landing. */
export async function handleCallback(params: URLSearchParams, deps: CallbackDeps): Promise<void> {
  const { client, appState, queryClient, navigate } = deps;
  const outcome = callbackOutcome(params);

  if (outcome.kind === "login-error") {
    appState.setAnonymous();
    navigate(outcome.to);
    return;
  }
  if (outcome.kind === "clear-and-home") {
    client.forget();
    clearAllLocalKeys();
    queryClient.clear();
    appState.setAnonymous();
    navigate("/");
    return;
  }

  let target: string;
  let claimedTicketCode: string | null = null;
  try {
    const completed = await client.completeLogin(params);
    const user = userFromClaims(completed.claims);
    if (!user) throw new Error(AUTH_MESSAGES.loginFailed);
    appState.setAuthenticated(user);
    writeUserData({ id: user.id, name: user.name });
    trackEvent("login", user.id);
    // Claim first, so the preload reads the practice as the user's own.
    const claim = readFeedbackClaim();
    if (claim) claimedTicketCode = await claimSubmittedPractice(claim);
    const practiceId = completed.practiceId ?? claim?.practiceId ?? readLastKnownPracticeId();
    if (practiceId) await preloadPractice(queryClient, practiceId);
    target = completed.returnTo ?? DASHBOARD_PATH;
  } catch (reason) {
    appState.setAnonymous();
    target = loginErrorPath(toHttpError(reason).message);
  }
  if (claimedTicketCode) navigate(target, claimedPracticeState(claimedTicketCode));
  else navigate(target);
}

/** /callback: the return point of the login (spec §2, §8). */
export function CallbackPage() {
  const client = useOidcClient();
  const appState = useAppStateStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    void handleCallback(new URLSearchParams(search), {
      client,
      appState,
      queryClient,
      // Replace: the one-time code never stays in the history.
      navigate: (to, state) => void navigate(to, { replace: true, state }),
    });
  }, [search, client, appState, queryClient, navigate]);

  return (
    <AccountLayout title="Accesso in corso">
      <StatusRegion>
        <p>Stiamo completando l'accesso al tuo account…</p>
      </StatusRegion>
    </AccountLayout>
  );
}
