import { isRecord } from "@argine/core/shared/is-record";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link, Navigate, useLocation } from "react-router";
import { useAuthPending } from "../../shared/async/auth-state.ts";
import { errorCode } from "../../shared/http/http-error.ts";
import { DASHBOARD_PATH, REGISTER_PATH, RESET_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import {
  EmailField,
  FormMessage,
  PasswordField,
  RequestOutcome,
  StatusRegion,
} from "../../shared/ui/form-field.tsx";
import { lazySchemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useHydrated } from "../../shared/ui/use-hydrated.ts";
import styles from "./account-layout.module.css";
import { AccountLayout } from "./account-layout.tsx";
import { getInteraction, type Interaction, submitLogin, useResendVerification } from "./account-queries.ts";
import { useOidcClient } from "./auth-session.ts";
import { earlyLoginOutcome } from "./early-login.ts";
import { type LoginContext, safePracticeId, safeReturnTo } from "./oidc-transactions.ts";
import { ResendButton } from "./resend-button.tsx";
import { SecondFactorForm } from "./second-factor-step.tsx";
import { useStartLogin } from "./use-start-login.ts";

// /account/login (spec §2), three faces:
//   ?error=…  the text is shown (role=alert) with a "Riprova ad accedere" button: no automatic redirect;
//   ?uid=…    the embedded provider's sign-in step: the email/password form;
//   otherwise the authorization request starts (carrying practiceId and returnTo), or, when already signed
//             in, the user goes straight to the target.
// The page is prerendered (issue 41): its HTML is the sign-in step's frame, painted before the scripts run;
// the face is chosen once hydrated, the address being unknown to the prerender. The bare address needs no
// app: the frame's inline script starts the authorization request itself (early-login.ts).

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;

/** A shown `error` text is capped: the parameter comes from a URL anyone can write. */
export const LOGIN_ERROR_MAX_LENGTH = 300;

export const EMAIL_NOT_VERIFIED = "EMAIL_NOT_VERIFIED";

/** practiceId from the query or the location state; returnTo from the state or the query. */
export function loginContextFrom(search: URLSearchParams, state: unknown): LoginContext {
  const fromState = isRecord(state) ? state : {};
  const practiceId =
    safePracticeId(search.get("practiceId") ?? undefined) ?? safePracticeId(fromState.practiceId);
  const returnTo = safeReturnTo(fromState.returnTo) ?? safeReturnTo(search.get("returnTo") ?? undefined);
  return { ...(practiceId ? { practiceId } : {}), ...(returnTo ? { returnTo } : {}) };
}

function AccountLinks() {
  return (
    <>
      <li>
        <Link to={RESET_PATH}>Hai dimenticato la password?</Link>
      </li>
      <li>
        <Link to={REGISTER_PATH}>Non hai un account? Registrati</Link>
      </li>
    </>
  );
}

export function LoginPage() {
  const location = useLocation();
  const { search, state } = location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const context = useMemo(() => loginContextFrom(params, state), [params, state]);
  const error = params.get("error")?.trim().slice(0, LOGIN_ERROR_MAX_LENGTH);
  const uid = params.get("uid")?.trim();
  const hydrated = useHydrated();
  if (!hydrated)
    return (
      <LoginFrame>
        {LOADING}
        {__ARGINE_EARLY_LOGIN__ ? (
          // The API allows exactly the inline scripts of each prerendered page (their hashes in its CSP).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of the build (vite.config.ts)
          <script dangerouslySetInnerHTML={{ __html: __ARGINE_EARLY_LOGIN__ }} />
        ) : null}
      </LoginFrame>
    );
  if (error) return <LoginErrorView message={error} context={context} />;
  if (uid) return <InteractionLogin key={uid} uid={uid} />;
  return <LoginRedirect context={context} />;
}

function LoginErrorView({ message, context }: { message: string; context: LoginContext }) {
  const { start, starting, error } = useStartLogin();
  return (
    <AccountLayout title="Accedi" links={<AccountLinks />}>
      <FormMessage tone="error">
        <p>{message}</p>
      </FormMessage>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className={formStyles.actions}>
        <button type="button" className={PRIMARY} disabled={starting} onClick={() => void start(context)}>
          Riprova ad accedere
        </button>
      </div>
    </AccountLayout>
  );
}

function LoginRedirect({ context }: { context: LoginContext }) {
  const auth = useAuthPending();
  const { start, starting, error } = useStartLogin({ replace: true });
  const started = useRef(false);
  const authenticated = !auth.pending && auth.authenticated;

  useEffect(() => {
    if (auth.pending || authenticated || started.current) return;
    started.current = true;
    const early = earlyLoginOutcome();
    void (async () => {
      // The page's inline script may already be leaving for the provider: one login, not two.
      if (early && (await early)) return;
      await start(context);
    })();
  }, [auth.pending, authenticated, context, start]);

  if (authenticated) return <Navigate to={context.returnTo ?? DASHBOARD_PATH} replace />;
  return (
    <LoginFrame>
      <StatusRegion>{error ? null : <p>Ti stiamo portando alla pagina di accesso sicura…</p>}</StatusRegion>
      {error ? (
        <>
          <FormMessage tone="error">{error}</FormMessage>
          <div className={formStyles.actions}>
            <button type="button" className={PRIMARY} disabled={starting} onClick={() => void start(context)}>
              Riprova ad accedere
            </button>
          </div>
        </>
      ) : null}
    </LoginFrame>
  );
}

/** The sign-in step expired or is unknown: say so and start a new one where the old one left off. */
function RestartLogin({ message }: { message: string }) {
  const client = useOidcClient();
  const { start, starting, error } = useStartLogin();
  return (
    <>
      <FormMessage tone="error">
        <p>{message}</p>
      </FormMessage>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className={formStyles.actions}>
        <button
          type="button"
          className={PRIMARY}
          disabled={starting}
          onClick={() => void start(client.latestLoginContext() ?? {})}
        >
          Riprova ad accedere
        </button>
      </div>
    </>
  );
}

const LOADING = <p>Caricamento…</p>;

/**
 * The sign-in step's frame: its title, intro and links around the form (or what stands for it, in the form's
 * space), the same from the prerendered HTML to the form.
 */
function LoginFrame({ children }: { children: ReactNode }) {
  return (
    <AccountLayout
      title="Accedi"
      intro={<p>Entra nella tua area personale per seguire le tue pratiche.</p>}
      links={<AccountLinks />}
    >
      <div className={styles.formSpace}>{children}</div>
    </AccountLayout>
  );
}

function InteractionLogin({ uid }: { uid: string }) {
  const interaction = useQuery({
    queryKey: ["auth", "interaction", uid],
    queryFn: ({ signal }) => getInteraction(uid, signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { hideError: true },
  });
  return (
    <LoginFrame>
      {interaction.isPending ? LOADING : null}
      {interaction.isError ? <RestartLogin message={interaction.error.message} /> : null}
      {interaction.data ? <LoginForm interaction={interaction.data} /> : null}
    </LoginFrame>
  );
}

function safeRedirect(target: string): string | null {
  try {
    const url = new URL(target, window.location.href);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

interface LoginValues {
  email: string;
  password: string;
}

function goTo(redirectTo: string) {
  const target = safeRedirect(redirectTo);
  if (target) window.location.assign(target);
}

// The sign-in step's first screen is this form: its check is loaded when it is first focused (issue 41).
const loginResolver = lazySchemaResolver<LoginValues, LoginValues>(() =>
  import("@argine/core/identity/login-api").then((api) => api.LoginBodySchema),
);

export function LoginForm({ interaction }: { interaction: Interaction }) {
  const resend = useResendVerification();
  // The password was right and the account has a second factor: its code comes next (ADR 036).
  const [secondFactorToken, setSecondFactorToken] = useState<string | null>(null);
  const {
    form,
    field,

    submit: login,
    onSubmit,
    issuesPlaced,
  } = useCheckedForm({
    resolver: loginResolver,
    defaultValues: { email: interaction.loginHint ?? "", password: "" },
    fieldNames: ["email", "password"],
    focusOnInvalid: "field",
    send: (values) => {
      resend.reset();
      return submitLogin(interaction, values);
    },
    onSuccess: (result) => {
      if ("secondFactorToken" in result) setSecondFactorToken(result.secondFactorToken);
      else goTo(result.redirectTo);
    },
  });

  const code = errorCode(login.error);
  const busy = login.isPending || (login.isSuccess && !secondFactorToken);

  if (secondFactorToken)
    return (
      <SecondFactorForm interaction={interaction} secondFactorToken={secondFactorToken} onRedirect={goTo} />
    );

  if (code === "NOT_FOUND" && login.error) return <RestartLogin message={login.error.message} />;

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} onFocus={loginResolver.preload}>
      {login.error && !issuesPlaced ? (
        <FormMessage tone="error">
          <p>{login.error.message}</p>
        </FormMessage>
      ) : null}
      {code === EMAIL_NOT_VERIFIED ? (
        <div className={formStyles.actions}>
          <ResendButton resend={resend} to={() => form.getValues("email")}>
            Invia di nuovo l'email di conferma
          </ResendButton>
        </div>
      ) : null}
      <RequestOutcome request={resend} />

      <EmailField autoComplete="username" required {...field("email")} />
      <PasswordField label="Password" autoComplete="current-password" required {...field("password")} />
      <div className={formStyles.actions}>
        <button type="submit" className={PRIMARY} disabled={busy}>
          {busy ? "Accesso in corso…" : "Accedi"}
        </button>
      </div>
    </form>
  );
}
