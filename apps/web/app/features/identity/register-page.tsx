import { useState } from "react";
import { Link, useLocation } from "react-router";
import { LOGIN_PATH, PRIVACY_PATH, QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import { readFeedbackClaim } from "../../shared/store/browser-storage.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import {
  CheckboxField,
  EmailField,
  FormEnd,
  FormMessage,
  NewPasswordFields,
  RequestOutcome,
  RequiredNote,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { lazySchemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useHydrated } from "../../shared/ui/use-hydrated.ts";
import { AccountLayout, FocusHeading } from "./account-layout.tsx";
import { register as registerAccount, useResendVerification } from "./account-queries.ts";
import { EmbeddedAccountsOnly } from "./external-account-notice.tsx";
import { loginContextFrom } from "./login-page.tsx";
import { compactPhone } from "./phone.ts";
import { ResendButton } from "./resend-button.tsx";
import { useAuthConfig } from "./use-auth-config.ts";

// /account/register (spec §2): name, last name, email, password with confirmation, optional cell phone,
// required privacy consent, optional marketing consent; then the "check your mail" confirmation. The answer
// is the same whether or not the email is already registered (no enumeration).

export interface RegisterFormValues {
  name: string;
  lastname: string;
  email: string;
  cellPhone: string;
  password: string;
  confirmPassword: string;
  /** A checkbox: starts false; only true passes. */
  privacyConsent: boolean;
  marketingConsent: boolean;
}

interface RegisterFormOutput extends Omit<RegisterFormValues, "cellPhone" | "privacyConsent"> {
  cellPhone?: string;
  privacyConsent: true;
}

const FIELDS = [
  "name",
  "lastname",
  "email",
  "cellPhone",
  "password",
  "confirmPassword",
  "privacyConsent",
  "marketingConsent",
] as const;

const EMPTY: RegisterFormValues = {
  name: "",
  lastname: "",
  email: "",
  cellPhone: "",
  password: "",
  confirmPassword: "",
  privacyConsent: false,
  marketingConsent: false,
};

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;

export function RegisterPage() {
  const { config } = useAuthConfig();
  // The questionnaire's result sends its practice along (in the location state, never in the address): the
  // links to the login pass it on, so the login claims it. The page is prerendered (issue 41): the state is
  // read once hydrated.
  const { state } = useLocation();
  const hydrated = useHydrated();
  const practiceId = hydrated ? loginContextFrom(new URLSearchParams(), state).practiceId : undefined;
  const loginState = practiceId ? { practiceId } : undefined;
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const external = config && !config.embedded;
  return (
    <AccountLayout
      title="Crea il tuo account"
      intro={
        sent || external ? undefined : (
          <p>
            Con un account puoi aprire una pratica, scegliere i servizi e seguirne l'andamento. I tuoi dati
            restano riservati.
          </p>
        )
      }
      // From the questionnaire's result, back to it (ADR 005 item 13 names it); from anywhere else, /feedback
      // opens the questionnaire.
      back={{
        to: QUESTIONNAIRE_PATH,
        label: practiceId ? "Torna alla tua prima valutazione orientativa" : "Vai al questionario gratuito",
      }}
      links={
        sent ? undefined : (
          <li>
            <Link to={LOGIN_PATH} state={loginState}>
              Hai già un account? Accedi
            </Link>
          </li>
        )
      }
    >
      <EmbeddedAccountsOnly action="la registrazione">
        {sent ? (
          <RegistrationSent email={sent.email} message={sent.message} practiceId={practiceId} />
        ) : (
          <RegisterForm onRegistered={(emailAddress, message) => setSent({ email: emailAddress, message })} />
        )}
      </EmbeddedAccountsOnly>
    </AccountLayout>
  );
}

// The page's first screen is this form: its check is loaded when it is first focused (issue 41).
const registerResolver = lazySchemaResolver<RegisterFormValues, RegisterFormOutput>(() =>
  import("./register-form-schema.ts").then((module) => module.RegisterFormSchema),
);

export function RegisterForm({ onRegistered }: { onRegistered: (email: string, message: string) => void }) {
  const claim = readFeedbackClaim();
  const registration = useCheckedForm({
    resolver: registerResolver,
    defaultValues: EMPTY,
    fieldNames: FIELDS,
    focusOnInvalid: "field",
    send: (values) =>
      registerAccount({
        name: values.name,
        lastname: values.lastname,
        email: values.email,
        password: values.password,
        ...(values.cellPhone ? { cellPhone: values.cellPhone } : {}),
        privacyConsent: true,
        marketingConsent: values.marketingConsent,
        // The proof this tab keeps travels with the registration, so the practice waits for the new account
        // wherever the confirmation link is opened (ADR 010).
        ...(claim ? { claim } : {}),
      }),
    onSuccess: (answer, values) => onRegistered(values.email, answer.message),
  });
  const { field, submit, onSubmit, issuesPlaced } = registration;

  return (
    <form className={formStyles.form} noValidate onSubmit={onSubmit} onFocus={registerResolver.preload}>
      {submit.error && !issuesPlaced ? <FormMessage tone="error">{submit.error.message}</FormMessage> : null}
      <RequiredNote />
      <div className={formStyles.row}>
        <TextField label="Nome" autoComplete="given-name" required {...field("name")} />
        <TextField label="Cognome" autoComplete="family-name" required {...field("lastname")} />
      </div>
      <EmailField required {...field("email")} />
      <NewPasswordFields
        label="Password"
        confirmLabel="Conferma la password"
        password={field("password")}
        confirmPassword={field("confirmPassword")}
      />
      <TextField
        label="Cellulare (facoltativo)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="Solo se preferisci che ti contattiamo anche per telefono. Esempio: +39 333 1234567"
        {...field("cellPhone", { setValueAs: compactPhone })}
      />
      <CheckboxField
        label={
          <>
            Ho letto l'<Link to={PRIVACY_PATH}>informativa sulla privacy</Link> e acconsento al trattamento
            dei miei dati per gestire il mio account e le mie pratiche.
          </>
        }
        required
        {...field("privacyConsent")}
      />
      <CheckboxField
        label="Voglio ricevere aggiornamenti e comunicazioni da Argine (facoltativo, puoi cambiare idea quando vuoi)."
        {...field("marketingConsent")}
      />
      <FormEnd form={registration} label="Crea l'account" pendingLabel="Registrazione in corso…" />
    </form>
  );
}

function RegistrationSent({
  email,
  message,
  practiceId,
}: {
  email: string;
  message: string;
  practiceId?: string;
}) {
  const resend = useResendVerification();
  return (
    <>
      <FocusHeading>Controlla la tua email</FocusHeading>
      <FormMessage tone="success">
        <p>{message}</p>
      </FormMessage>
      <p>
        Apri il link che ti abbiamo inviato per confermare l'indirizzo, poi potrai accedere. Se non trovi
        l'email, guarda anche nella cartella della posta indesiderata.
      </p>
      {practiceId || readFeedbackClaim() ? (
        <p>
          Quando accedi la prima volta con il nuovo account, trovi nella tua area personale la pratica del
          questionario, anche se apri il link da un'altra finestra o da un altro dispositivo.
        </p>
      ) : null}
      <div className={formStyles.actions}>
        <ResendButton resend={resend} to={() => email}>
          Invia di nuovo l'email di conferma
        </ResendButton>
        <Link to={LOGIN_PATH} state={practiceId ? { practiceId } : undefined} className={PRIMARY}>
          Vai all'accesso
        </Link>
      </div>
      <RequestOutcome request={resend} />
    </>
  );
}
