import { EmailBodySchema } from "@argine/core/identity/users-api";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { EmailField, FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { visibleError } from "../../shared/ui/form-state.ts";
import { resendVerification } from "./account-api.ts";

/** Asks for a new confirmation link (POST /v1/users/verification/resend). */
export function ResendVerificationForm() {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(EmailBodySchema),
    mode: "onTouched",
    defaultValues: { email: "" },
  });
  const resend = useMutation({
    mutationFn: (email: string) => resendVerification(email),
    meta: { hideError: true },
  });
  return (
    <form
      className={formStyles.form}
      noValidate
      onSubmit={handleSubmit((values) => resend.mutate(values.email))}
      aria-labelledby="resend-title"
    >
      <h2 id="resend-title">Ricevi un nuovo link di conferma</h2>
      <EmailField required registration={register("email")} error={visibleError(formState, "email")} />
      {resend.error ? <FormMessage tone="error">{resend.error.message}</FormMessage> : null}
      <StatusRegion>
        {resend.data ? <FormMessage tone="success">{resend.data.message}</FormMessage> : null}
      </StatusRegion>
      <div className={formStyles.actions}>
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={resend.isPending}
        >
          Invia un nuovo link
        </button>
      </div>
    </form>
  );
}
