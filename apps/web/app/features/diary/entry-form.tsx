import type { DiaryAttachment, DiaryEntry } from "@argine/core/diary/diary-api";
import { DIARY_MESSAGES } from "@argine/core/diary/diary-messages";
import { DIARY_LIMITS, DIARY_PLATFORM } from "@argine/core/diary/entry";
import { type ReactNode, useEffect, useRef } from "react";
import { type Path, useFieldArray, useWatch } from "react-hook-form";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import {
  CharacterCount,
  CheckboxField,
  FormEnd,
  ItalianDateField,
  RequiredNote,
  SelectField,
  type SelectOption,
  SendError,
  TextAreaField,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useAttachmentUploads } from "./attachment-uploads.ts";
import { AttachmentsField } from "./attachments-field.tsx";
import styles from "./diary.module.css";
import { type EntryFormBody, type EntryFormValues, entryFormSchema } from "./entry-form-schema.ts";

const PLATFORMS: SelectOption[] = DIARY_PLATFORM.values.map((value) => ({
  value,
  label: DIARY_PLATFORM.label(value),
}));

const FIELDS: readonly Path<EntryFormValues>[] = [
  "occurredOn",
  "occurredAt",
  "platform",
  "who",
  "what",
  "practiceId",
  ...Array.from({ length: DIARY_LIMITS.maxUrls }, (_, i) => `urls.${i}.url` as const),
];

/**
 * An episode as she tells it, new or corrected: the day and the time («Non ricordo l'ora»), where, the
 * links (a row each, up to ten), who, what happened, and the attachments, sent as they are chosen. The
 * form waits for the attachments still on their way before it saves.
 */
export function EntryForm({
  defaultValues,
  attachments = [],
  sharedFiles = [],
  practices,
  submitLabel,
  onSubmit,
  onSaved,
  children,
}: {
  defaultValues: EntryFormValues;
  /** The attachments the episode already has (a correction). */
  attachments?: readonly DiaryAttachment[];
  /** Files the phone shared with the app, sent as soon as the form opens. */
  sharedFiles?: readonly File[];
  /** Her practices, to put the episode in one (or move it there when correcting); absent when she has none. */
  practices?: readonly SelectOption[];
  submitLabel: string;
  onSubmit: (body: EntryFormBody, attachmentIds: string[]) => Promise<DiaryEntry>;
  onSaved: (entry: DiaryEntry) => void;
  /** Buttons after the submit one ("Annulla"). */
  children?: ReactNode;
}) {
  const uploads = useAttachmentUploads(attachments);
  const form = useCheckedForm({
    resolver: schemaResolver<EntryFormValues, EntryFormBody>(entryFormSchema()),
    defaultValues,
    fieldNames: FIELDS,
    focusOnInvalid: "field",
    send: async (body) => {
      const outcome = await uploads.settled();
      if (outcome.problem !== null) throw { message: outcome.problem };
      return onSubmit(body, outcome.ids);
    },
    onSuccess: (entry) => onSaved(entry),
  });
  const control = form.form.control;
  const rows = useFieldArray({ control, name: "urls" });
  const timeUnknown = useWatch({ control, name: "timeUnknown" });
  const what = useWatch({ control, name: "what" });

  // The files shared from the phone's gallery go up once, as the form opens.
  const sharedSent = useRef(false);
  useEffect(() => {
    if (sharedSent.current || sharedFiles.length === 0) return;
    sharedSent.current = true;
    uploads.add(sharedFiles);
  }, [sharedFiles, uploads.add]);

  const addRow = () => {
    rows.append({ url: "" }, { shouldFocus: true });
  };

  return (
    <form className={`${formStyles.form} ${styles.entryForm}`} noValidate onSubmit={form.onSubmit}>
      <RequiredNote />
      <ItalianDateField label="Giorno" required {...form.field("occurredOn")} />
      <div className={styles.timeGroup}>
        {timeUnknown ? null : (
          <TextField
            label="Ora"
            hint="Formato: hh:mm, per esempio 21:30."
            inputMode="numeric"
            autoComplete="off"
            placeholder="hh:mm"
            {...form.field("occurredAt")}
          />
        )}
        <CheckboxField label="Non ricordo l'ora" {...form.field("timeUnknown")} />
      </div>
      <SelectField
        label="Dove è successo"
        required
        placeholder="Scegli"
        options={PLATFORMS}
        {...form.field("platform")}
      />
      {practices ? (
        <SelectField
          label="Pratica"
          hint="Se l'episodio riguarda un tuo caso, mettilo nella sua pratica: potrai condividerlo con gli avvocati che la seguono."
          options={practices}
          placeholder="Nessuna pratica, solo nel diario"
          {...form.field("practiceId")}
        />
      ) : null}
      <fieldset className={styles.urlRows}>
        <legend className={styles.legend}>Link</legend>
        <p className={styles.hint}>
          Gli indirizzi dei messaggi, dei post o dei profili, se ci sono. Copiali dalla barra dell'indirizzo o
          con «Condividi» → «Copia link».
        </p>
        {rows.fields.map((row, index) => (
          <div key={row.id} className={styles.urlRow}>
            <TextField
              label={`Indirizzo ${index + 1}`}
              type="url"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="https://"
              {...form.field(`urls.${index}.url`)}
            />
            {rows.fields.length > 1 ? (
              <button type="button" className={buttonStyles.link} onClick={() => rows.remove(index)}>
                Togli<span className="visually-hidden"> l'indirizzo {index + 1}</span>
              </button>
            ) : null}
          </div>
        ))}
        {rows.fields.length < DIARY_LIMITS.maxUrls ? (
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.addRow}`}
            onClick={addRow}
          >
            Aggiungi un indirizzo
          </button>
        ) : (
          <p className={styles.hint}>{DIARY_MESSAGES.tooManyUrls}</p>
        )}
      </fieldset>
      <TextField
        label="Chi è stato"
        hint="Se lo sai: un nome, un profilo, un numero. Se non lo sai, lascia vuoto."
        autoComplete="off"
        {...form.field("who")}
      />
      <TextAreaField
        label="Che cosa è successo"
        hint="Con parole tue: che cosa hai visto o ricevuto, che cosa ti hanno detto o fatto."
        required
        rows={6}
        footer={<CharacterCount value={what} max={DIARY_LIMITS.whatMaxLength} />}
        {...form.field("what")}
      />
      <AttachmentsField uploads={uploads} />
      <SendError error={form.submit.error} issuesPlaced={form.issuesPlaced} />
      <FormEnd
        form={form}
        label={submitLabel}
        pendingLabel={uploads.sending ? "Attendo gli allegati…" : "Salvataggio in corso…"}
      >
        {children}
      </FormEnd>
    </form>
  );
}
