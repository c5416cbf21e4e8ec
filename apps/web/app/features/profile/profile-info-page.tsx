import {
  PasswordChangeFormSchema,
  ProfileSchema,
  ProfileUpdateBodySchema,
} from "@argine/core/identity/profile";
import type { Me } from "@argine/core/identity/users-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { config } from "../../config.ts";
import { useAppStateStore } from "../../shared/async/app-state.ts";
import { errorCode, type HttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import {
  CheckboxField,
  FormMessage,
  PasswordField,
  RequiredNote,
  StatusRegion,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { applyServerIssues, visibleError } from "../../shared/ui/form-state.ts";
import { compactPhone, ME_QUERY_KEY, userFromMe } from "../auth/public.ts";
import { changePassword, updateProfile } from "./me-api.ts";
import { MeLoader } from "./me-loader.tsx";
import styles from "./profile.module.css";

// /dashboard/profile/info (spec §2): the user's data, and the password change. Each form sends only its own
// fields (spec §7).

const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;

export const WRONG_PASSWORD = "WRONG_PASSWORD";

/** Name, last name and phone of core's profile rules, plus the marketing consent. */
export const ProfileFormSchema = ProfileUpdateBodySchema.extend({
  marketingConsent: ProfileSchema.shape.marketingConsent,
});

interface ProfileFormValues {
  name: string;
  lastname: string;
  cellPhone: string;
  marketingConsent: boolean;
}

interface ProfileFormOutput extends Omit<ProfileFormValues, "cellPhone"> {
  cellPhone?: string;
}

const PROFILE_FIELDS = ["name", "lastname", "cellPhone", "marketingConsent"] as const;
const PASSWORD_FIELDS = ["oldPassword", "password", "confirmPassword"] as const;

/** Keeps the cached profile and the signed-in user (header, greeting) in step with the API's answer. */
function useApplyMe() {
  const queryClient = useQueryClient();
  const appState = useAppStateStore();
  return (me: Me) => {
    queryClient.setQueryData(ME_QUERY_KEY, me);
    appState.updateUser(userFromMe(me));
  };
}

export function ProfileInfoPage() {
  return (
    <>
      <h1 className={styles.title}>I tuoi dati</h1>
      <p className={styles.intro}>
        Tieni aggiornati i tuoi dati: li usiamo solo per gestire il tuo account e le tue pratiche.
      </p>
      <MeLoader>
        {(me) => (
          <>
            <section className={styles.panel} aria-labelledby="profile-title">
              <h2 id="profile-title" className={styles.panelTitle}>
                Dati personali
              </h2>
              <ProfileForm me={me} />
            </section>
            <section className={styles.panel} aria-labelledby="password-title">
              <h2 id="password-title" className={styles.panelTitle}>
                Cambia password
              </h2>
              <PasswordChangeForm />
            </section>
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
  };
}

export function ProfileForm({ me }: { me: Me }) {
  const applyMe = useApplyMe();
  const { register, handleSubmit, formState, setError, setFocus, reset } = useForm<
    ProfileFormValues,
    unknown,
    ProfileFormOutput
  >({
    resolver: zodResolver(ProfileFormSchema) as unknown as Resolver<
      ProfileFormValues,
      unknown,
      ProfileFormOutput
    >,
    mode: "onTouched",
    defaultValues: profileValues(me),
  });
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const save = useMutation({
    mutationFn: (values: ProfileFormOutput) =>
      updateProfile({
        name: values.name,
        lastname: values.lastname,
        cellPhone: values.cellPhone ?? "",
        marketingConsent: values.marketingConsent,
      }),
    meta: { hideError: true },
    onSuccess: (updated) => {
      applyMe(updated);
      reset(profileValues(updated));
    },
    onError: (error: HttpError) =>
      setIssuesPlaced(applyServerIssues(error, { setError, setFocus }, PROFILE_FIELDS)),
  });
  const error = (field: (typeof PROFILE_FIELDS)[number]) => visibleError(formState, field);

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={handleSubmit((values) => {
        setIssuesPlaced(false);
        save.mutate(values);
      })}
    >
      <RequiredNote />
      {save.error && !issuesPlaced ? <FormMessage tone="error">{save.error.message}</FormMessage> : null}
      <div className={formStyles.row}>
        <TextField
          label="Nome"
          autoComplete="given-name"
          required
          registration={register("name")}
          error={error("name")}
        />
        <TextField
          label="Cognome"
          autoComplete="family-name"
          required
          registration={register("lastname")}
          error={error("lastname")}
        />
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
        registration={register("cellPhone", { setValueAs: compactPhone })}
        error={error("cellPhone")}
      />
      <CheckboxField
        label="Voglio ricevere aggiornamenti e comunicazioni da Argine (facoltativo, puoi cambiare idea quando vuoi)."
        registration={register("marketingConsent")}
        error={error("marketingConsent")}
      />
      <StatusRegion>
        {save.isSuccess && !formState.isDirty ? (
          <FormMessage tone="success">I tuoi dati sono stati aggiornati.</FormMessage>
        ) : null}
      </StatusRegion>
      <div className={formStyles.actions}>
        <button type="submit" className={PRIMARY} disabled={save.isPending}>
          {save.isPending ? "Salvataggio in corso…" : "Salva i dati"}
        </button>
      </div>
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
  const applyMe = useApplyMe();
  const { register, handleSubmit, formState, setError, setFocus, reset } = useForm<PasswordFormValues>({
    resolver: zodResolver(PasswordChangeFormSchema),
    mode: "onTouched",
    defaultValues: EMPTY_PASSWORDS,
  });
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const save = useMutation({
    mutationFn: (values: PasswordFormValues) =>
      changePassword({ oldPassword: values.oldPassword, password: values.password }),
    meta: { hideError: true },
    onSuccess: (updated) => {
      applyMe(updated);
      reset(EMPTY_PASSWORDS);
    },
    onError: (error: HttpError) => {
      if (errorCode(error) === WRONG_PASSWORD) {
        setError("oldPassword", { type: "server", message: error.message }, { shouldFocus: true });
        setIssuesPlaced(true);
        return;
      }
      setIssuesPlaced(applyServerIssues(error, { setError, setFocus }, PASSWORD_FIELDS));
    },
  });

  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={handleSubmit((values) => {
        setIssuesPlaced(false);
        save.mutate(values);
      })}
    >
      {save.error && !issuesPlaced ? <FormMessage tone="error">{save.error.message}</FormMessage> : null}
      <PasswordField
        label="Password attuale"
        autoComplete="current-password"
        required
        registration={register("oldPassword")}
        error={visibleError(formState, "oldPassword")}
      />
      <PasswordField
        label="Nuova password"
        autoComplete="new-password"
        hint={MESSAGES.passwordRule}
        required
        registration={register("password")}
        error={visibleError(formState, "password")}
      />
      <PasswordField
        label="Conferma la nuova password"
        autoComplete="new-password"
        required
        registration={register("confirmPassword")}
        error={visibleError(formState, "confirmPassword")}
      />
      <StatusRegion>
        {save.isSuccess && !formState.isDirty ? (
          <FormMessage tone="success">La tua password è stata cambiata.</FormMessage>
        ) : null}
      </StatusRegion>
      <div className={formStyles.actions}>
        <button type="submit" className={PRIMARY} disabled={save.isPending}>
          {save.isPending ? "Salvataggio in corso…" : "Cambia password"}
        </button>
      </div>
    </form>
  );
}
