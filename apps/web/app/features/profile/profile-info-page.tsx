import {
  PasswordChangeFormSchema,
  ProfileSchema,
  ProfileUpdateBodySchema,
} from "@argine/core/identity/profile";
import type { Me } from "@argine/core/identity/users-api";
import { Link } from "react-router";
import { z } from "zod";
import { config } from "../../config.ts";
import { errorCode } from "../../shared/http/http-error.ts";
import { PROFILE_DATA_PATH } from "../../shared/navigation/navigation.ts";
import formStyles from "../../shared/ui/form.module.css";
import {
  CheckboxField,
  FormEnd,
  FormMessage,
  NewPasswordFields,
  PasswordField,
  RequiredNote,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { compactPhone } from "../identity/public.ts";
import { DevicesPanel } from "./devices-panel.tsx";
import { MeLoader } from "./me-loader.tsx";
import styles from "./profile.module.css";
import { ProfilePanel } from "./profile-panel.tsx";
import { useChangePassword, useUpdateProfile } from "./profile-queries.ts";
import { SecondFactorPanel } from "./second-factor-panel.tsx";

// /dashboard/profile/info (spec §2): the user's data, and the password change. Each form sends only its own
// fields (spec §7).

export const WRONG_PASSWORD = "WRONG_PASSWORD";

/** Name, last name and phone of core's profile rules, plus the marketing consent. */
export const ProfileFormSchema = ProfileUpdateBodySchema.extend({
  marketingConsent: ProfileSchema.shape.marketingConsent,
  mailFullText: z.boolean(),
});

interface ProfileFormValues {
  name: string;
  lastname: string;
  cellPhone: string;
  marketingConsent: boolean;
  mailFullText: boolean;
}

interface ProfileFormOutput extends Omit<ProfileFormValues, "cellPhone"> {
  cellPhone?: string;
}

const PROFILE_FIELDS = ["name", "lastname", "cellPhone", "marketingConsent", "mailFullText"] as const;
const PASSWORD_FIELDS = ["oldPassword", "password", "confirmPassword"] as const;

export function ProfileInfoPage() {
  return (
    <>
      <h1 className={styles.title}>I tuoi dati</h1>
      <p className={styles.intro}>
        Tieni aggiornati i tuoi dati: li usiamo solo per gestire il tuo account e le tue pratiche.
      </p>
      <p className={styles.intro}>
        Vuoi una copia di tutti i tuoi dati? <Link to={PROFILE_DATA_PATH}>Scarica i tuoi dati personali</Link>
        .
      </p>
      <MeLoader>
        {(me) => (
          <>
            <ProfilePanel title="Dati personali">
              <ProfileForm me={me} />
            </ProfilePanel>
            <ProfilePanel title="Cambia password">
              <PasswordChangeForm />
            </ProfilePanel>
            <ProfilePanel title="Dispositivi collegati">
              <DevicesPanel />
            </ProfilePanel>
            <SecondFactorPanel />
          </>
        )}
      </MeLoader>
    </>
  );
}

function profileValues(me: Me): ProfileFormValues {
  return {
    name: me.name,
    lastname: me.lastname,
    cellPhone: me.cellPhone ?? "",
    marketingConsent: me.marketingConsent,
    mailFullText: me.mailFullText,
  };
}

export function ProfileForm({ me }: { me: Me }) {
  const updateProfile = useUpdateProfile();
  const profile = useCheckedForm({
    resolver: schemaResolver<ProfileFormValues, ProfileFormOutput>(ProfileFormSchema),
    defaultValues: profileValues(me),
    fieldNames: PROFILE_FIELDS,
    focusOnInvalid: "field",
    send: (values) =>
      updateProfile.mutateAsync({
        name: values.name,
        lastname: values.lastname,
        cellPhone: values.cellPhone ?? "",
        marketingConsent: values.marketingConsent,
        mailFullText: values.mailFullText,
      }),
    onSuccess: (updated) => {
      profile.form.reset(profileValues(updated));
    },
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={profile.onSubmit}>
      <RequiredNote />
      {profile.submit.error && !profile.issuesPlaced ? (
        <FormMessage tone="error">{profile.submit.error.message}</FormMessage>
      ) : null}
      <div className={formStyles.row}>
        <TextField label="Nome" autoComplete="given-name" required {...profile.field("name")} />
        <TextField label="Cognome" autoComplete="family-name" required {...profile.field("lastname")} />
      </div>
      <dl className={styles.readOnly}>
        <dt>Email</dt>
        <dd>{me.email}</dd>
        <dd className={styles.readOnlyHint}>
          Per cambiare l'indirizzo email scrivici a{" "}
          <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>.
        </dd>
      </dl>
      <TextField
        label="Cellulare (facoltativo)"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="Lascialo vuoto se non vuoi che ti contattiamo per telefono."
        {...profile.field("cellPhone", { setValueAs: compactPhone })}
      />
      <CheckboxField
        label="Voglio ricevere aggiornamenti e comunicazioni da Argine (facoltativo, puoi cambiare idea quando vuoi)."
        {...profile.field("marketingConsent")}
      />
      <CheckboxField
        label="Voglio ricevere per email il testo completo dei messaggi del team sulle mie pratiche (facoltativo)."
        hint="Se lo lasci spento, l'email dice solo che c'è un nuovo messaggio, con il link per leggerlo qui: chi legge la tua casella di posta non ne vede il contenuto."
        {...profile.field("mailFullText")}
      />
      <FormEnd form={profile} label="Salva i dati" savedMessage="I tuoi dati sono stati aggiornati." />
    </form>
  );
}

interface PasswordFormValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

const EMPTY_PASSWORDS: PasswordFormValues = { oldPassword: "", password: "", confirmPassword: "" };

export function PasswordChangeForm() {
  const changePassword = useChangePassword();
  const passwords = useCheckedForm({
    resolver: schemaResolver<PasswordFormValues, PasswordFormValues>(PasswordChangeFormSchema),
    defaultValues: EMPTY_PASSWORDS,
    fieldNames: PASSWORD_FIELDS,
    focusOnInvalid: "field",
    // A wrong current password is that field's error.
    fieldOfError: (failure) => (errorCode(failure) === WRONG_PASSWORD ? "oldPassword" : undefined),
    send: (values) =>
      changePassword.mutateAsync({ oldPassword: values.oldPassword, password: values.password }),
    onSuccess: () => {
      passwords.form.reset(EMPTY_PASSWORDS);
    },
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={passwords.onSubmit}>
      {passwords.submit.error && !passwords.issuesPlaced ? (
        <FormMessage tone="error">{passwords.submit.error.message}</FormMessage>
      ) : null}
      <PasswordField
        label="Password attuale"
        autoComplete="current-password"
        required
        {...passwords.field("oldPassword")}
      />
      <NewPasswordFields
        password={passwords.field("password")}
        confirmPassword={passwords.field("confirmPassword")}
      />
      <FormEnd form={passwords} label="Cambia password" savedMessage="La tua password è stata cambiata." />
    </form>
  );
}
