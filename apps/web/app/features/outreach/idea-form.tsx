import {
  IDEA_DESCRIPTION_MAX_LENGTH,
  IDEA_DESCRIPTION_MIN_LENGTH,
  IDEA_TITLE_MAX_LENGTH,
  type IdeaSubmission,
  IdeaSubmissionSchema,
} from "@argine/core/outreach/outreach-api";
import type { SummaryField } from "../../shared/ui/error-summary.tsx";
import formStyles from "../../shared/ui/form.module.css";
import { CharacterCount, CheckboxField, TextAreaField, TextField } from "../../shared/ui/form-field.tsx";
import { schemaResolver } from "../../shared/ui/use-checked-form.ts";
import { NameAndEmail, OutreachFormFrame, PrivacyLabel } from "./outreach-parts.tsx";
import { sendIdea } from "./outreach-queries.ts";
import { useOutreachForm } from "./use-outreach-form.ts";

// "Una buona idea" (/unabuonaidea): the call for ideas. Stored for the admins' "Richieste dal sito".

interface IdeaFormValues {
  name: string;
  email: string;
  title: string;
  description: string;
  privacyAccepted: boolean;
}

const FIELDS: readonly SummaryField<IdeaFormValues>[] = [
  { name: "name", label: "Nome e cognome" },
  { name: "email", label: "Email" },
  { name: "title", label: "Titolo dell'idea" },
  { name: "description", label: "Descrizione" },
  { name: "privacyAccepted", label: "Informativa sulla privacy" },
];

const EMPTY: IdeaFormValues = { name: "", email: "", title: "", description: "", privacyAccepted: false };

export function IdeaForm() {
  const state = useOutreachForm<IdeaFormValues, IdeaSubmission>({
    resolver: schemaResolver(IdeaSubmissionSchema),
    defaultValues: EMPTY,
    fields: FIELDS,
    send: sendIdea,
  });
  const { form, field } = state;

  return (
    <OutreachFormFrame
      state={state}
      sentTitle="Idea inviata"
      submitLabel="Invia la tua idea"
      pendingLabel="Invio in corso…"
      className={`${formStyles.form} ${formStyles.wide}`}
    >
      <NameAndEmail state={state} />
      <TextField
        label="Titolo dell'idea"
        hint={`In poche parole: al massimo ${IDEA_TITLE_MAX_LENGTH} caratteri.`}
        autoComplete="off"
        required
        {...field("title")}
      />
      <TextAreaField
        label="Descrizione"
        hint={`Che cosa proponi, a chi serve e come realizzarla: da ${IDEA_DESCRIPTION_MIN_LENGTH} a ${IDEA_DESCRIPTION_MAX_LENGTH} caratteri.`}
        rows={8}
        required
        {...field("description")}
        footer={<CharacterCount value={form.watch("description")} max={IDEA_DESCRIPTION_MAX_LENGTH} />}
      />
      <CheckboxField
        label={<PrivacyLabel purpose="per ricevere una risposta sulla mia idea" />}
        required
        {...field("privacyAccepted")}
      />
    </OutreachFormFrame>
  );
}
