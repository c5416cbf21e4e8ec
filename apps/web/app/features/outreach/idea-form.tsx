import {
  IDEA_DESCRIPTION_MAX_LENGTH,
  IDEA_DESCRIPTION_MIN_LENGTH,
  IDEA_TITLE_MAX_LENGTH,
  type IdeaSubmission,
  IdeaSubmissionSchema,
} from "@argine/core/outreach/outreach-api";
import buttonStyles from "../ui/button.module.css";
import { ErrorSummary, type SummaryField } from "../ui/error-summary.tsx";
import formStyles from "../ui/form.module.css";
import { CheckboxField, RequiredNote, StatusRegion, TextAreaField, TextField } from "../ui/form-field.tsx";
import { sendIdea } from "./outreach-api.ts";
import { CharacterCount, PrivacyLabel, SendError, SentMessage } from "./outreach-parts.tsx";
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
  const { form, register, error, submit, onSubmit, issuesPlaced, summaryRef, fields, canSubmit } =
    useOutreachForm<IdeaFormValues, IdeaSubmission>({
      schema: IdeaSubmissionSchema,
      defaultValues: EMPTY,
      fields: FIELDS,
      send: sendIdea,
    });

  return (
    <>
      <StatusRegion>
        {submit.isSuccess ? (
          <SentMessage title="Idea inviata">
            <p>{submit.data.message}</p>
          </SentMessage>
        ) : null}
      </StatusRegion>
      {submit.isSuccess ? null : (
        <form
          className={`${formStyles.form} ${formStyles.wide}`}
          method="post"
          noValidate
          onSubmit={onSubmit}
        >
          <RequiredNote />
          <ErrorSummary
            formState={form.formState}
            fields={fields}
            onSelect={form.setFocus}
            summaryRef={summaryRef}
          />
          <SendError error={submit.error} issuesPlaced={issuesPlaced} />
          <div className={formStyles.row}>
            <TextField
              label="Nome e cognome"
              autoComplete="name"
              required
              registration={register("name")}
              error={error("name")}
            />
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              registration={register("email")}
              error={error("email")}
            />
          </div>
          <TextField
            label="Titolo dell'idea"
            hint={`In poche parole: al massimo ${IDEA_TITLE_MAX_LENGTH} caratteri.`}
            autoComplete="off"
            required
            registration={register("title")}
            error={error("title")}
          />
          <TextAreaField
            label="Descrizione"
            hint={`Che cosa proponi, a chi serve e come realizzarla: da ${IDEA_DESCRIPTION_MIN_LENGTH} a ${IDEA_DESCRIPTION_MAX_LENGTH} caratteri.`}
            rows={8}
            required
            registration={register("description")}
            error={error("description")}
            footer={<CharacterCount value={form.watch("description")} max={IDEA_DESCRIPTION_MAX_LENGTH} />}
          />
          <CheckboxField
            label={<PrivacyLabel purpose="per ricevere una risposta sulla mia idea" />}
            required
            registration={register("privacyAccepted")}
            error={error("privacyAccepted")}
          />
          <div className={formStyles.actions}>
            <button
              type="submit"
              className={`${buttonStyles.button} ${buttonStyles.primary}`}
              disabled={!canSubmit}
            >
              {submit.isPending ? "Invio in corso…" : "Invia la tua idea"}
            </button>
          </div>
        </form>
      )}
    </>
  );
}
