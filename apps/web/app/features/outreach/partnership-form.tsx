import {
  PARTNERSHIP_KIND,
  PARTNERSHIP_MESSAGE_MAX_LENGTH,
  PARTNERSHIP_MESSAGE_MIN_LENGTH,
  type PartnershipRequest,
  PartnershipRequestSchema,
} from "@argine/core/outreach/outreach-api";
import type { SummaryField } from "../../shared/ui/error-summary.tsx";
import formStyles from "../../shared/ui/form.module.css";
import {
  CharacterCount,
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { schemaResolver } from "../../shared/ui/use-checked-form.ts";
import { NameAndEmail, OutreachFormFrame, PrivacyLabel } from "./outreach-parts.tsx";
import { sendPartnershipRequest } from "./outreach-queries.ts";
import { useOutreachForm } from "./use-outreach-form.ts";

// "Lavora con noi" (/workwithus): lawyers, law firms, associations, schools, forensic experts and others
// offer to work with us. Stored for the admins' "Richieste dal sito".

interface PartnershipFormValues {
  name: string;
  email: string;
  organization: string;
  /** "" until chosen: 'Campo Obbligatorio'. */
  kind: string;
  message: string;
  privacyAccepted: boolean;
}

const FIELDS: readonly SummaryField<PartnershipFormValues>[] = [
  { name: "name", label: "Nome e cognome" },
  { name: "email", label: "Email" },
  { name: "organization", label: "Organizzazione" },
  { name: "kind", label: "Chi sei" },
  { name: "message", label: "Messaggio" },
  { name: "privacyAccepted", label: "Informativa sulla privacy" },
];

const EMPTY: PartnershipFormValues = {
  name: "",
  email: "",
  organization: "",
  kind: "",
  message: "",
  privacyAccepted: false,
};

const KIND_OPTIONS = PARTNERSHIP_KIND.values.map((kind) => ({
  value: kind,
  label: PARTNERSHIP_KIND.labels[kind],
}));

export function PartnershipForm() {
  const state = useOutreachForm<PartnershipFormValues, PartnershipRequest>({
    resolver: schemaResolver(PartnershipRequestSchema),
    defaultValues: EMPTY,
    fields: FIELDS,
    send: (body) => sendPartnershipRequest({ ...body, organization: body.organization || undefined }),
  });
  const { form, field } = state;

  return (
    <OutreachFormFrame
      state={state}
      sentTitle="Richiesta inviata"
      submitLabel="Invia la richiesta"
      pendingLabel="Invio in corso…"
      className={`${formStyles.form} ${formStyles.wide}`}
    >
      <NameAndEmail state={state} />
      <div className={formStyles.row}>
        <SelectField
          label="Chi sei"
          placeholder="Scegli un'opzione"
          options={KIND_OPTIONS}
          required
          {...field("kind")}
        />
        <TextField
          label="Organizzazione (facoltativa)"
          autoComplete="organization"
          hint="Lo studio, l'associazione, la scuola o l'azienda per cui scrivi."
          {...field("organization")}
        />
      </div>
      <TextAreaField
        label="Messaggio"
        hint={`Raccontaci chi sei e come vorresti collaborare: da ${PARTNERSHIP_MESSAGE_MIN_LENGTH} a ${PARTNERSHIP_MESSAGE_MAX_LENGTH} caratteri.`}
        rows={6}
        required
        {...field("message")}
        footer={<CharacterCount value={form.watch("message")} max={PARTNERSHIP_MESSAGE_MAX_LENGTH} />}
      />
      <CheckboxField
        label={<PrivacyLabel purpose="per ricevere una risposta alla mia richiesta" />}
        required
        {...field("privacyAccepted")}
      />
    </OutreachFormFrame>
  );
}
