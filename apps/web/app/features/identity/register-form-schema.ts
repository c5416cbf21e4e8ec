import { withPasswordConfirmation } from "@argine/core/identity/password";
import { RegistrationBodySchema } from "@argine/core/identity/users-api";

// The registration form's check, a module of its own: the form loads it at its first focus or check
// (lazySchemaResolver), so the page does not build the validation library's schemas while it hydrates
// (issue 41, docs/performance-phone.md).

const { name, lastname, email, cellPhone, privacyConsent, marketingConsent } = RegistrationBodySchema.shape;

/** The registration fields of core's RegistrationBodySchema, plus the password confirmation. */
export const RegisterFormSchema = withPasswordConfirmation({
  name,
  lastname,
  email,
  cellPhone,
  privacyConsent,
  marketingConsent,
});
