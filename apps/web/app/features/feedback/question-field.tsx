import { DESCRIPTION_MAX_LENGTH } from "@argine/core/feedback/answers";
import { formatItalianDate, isIsoDate } from "@argine/core/shared/calendar";
import type { UseFormReturn } from "react-hook-form";
import {
  CheckboxGroupField,
  type ChoiceOption,
  ItalianDateField,
  RadioGroupField,
  TextAreaField,
  TextField,
} from "../../shared/ui/form-field.tsx";
import { visibleError } from "../../shared/ui/form-state.ts";
import styles from "./feedback.module.css";
import type { Draft } from "./questionnaire-steps.ts";
import { EFFECT_NONE, type Question } from "./questions.ts";

// One question of the questionnaire as a form control: a radio group, a checkbox group, a date, a text or a
// longer text. Each says why it is asked, under the question.

type Form = Pick<UseFormReturn<Draft>, "register" | "formState" | "getValues" | "setValue" | "watch">;

/** The "why we ask" line, then the question's own hint. */
function QuestionHint({ question }: { question: Question }) {
  return (
    <>
      <span className={styles.why}>
        <span className={styles.whyLabel}>Perché te lo chiediamo: </span>
        {question.why}
      </span>
      {question.hint ? <span className={styles.questionHint}>{question.hint}</span> : null}
    </>
  );
}

function toChoiceOptions(question: Question): ChoiceOption[] {
  return (question.options ?? []).map((option) => ({
    value: option.value,
    label: option.label,
    hint: option.hint,
  }));
}

/** Short options (Sì / No / Non so) fit side by side, even on a phone. */
function isShort(question: Question): boolean {
  const options = question.options ?? [];
  return options.length <= 3 && options.every((option) => option.label.length <= 8 && !option.hint);
}

export function QuestionField({ question, form }: { question: Question; form: Form }) {
  const { register, formState } = form;
  const field = question.field;
  const error = visibleError(formState, field);

  switch (question.kind) {
    case "choice":
      return (
        <RadioGroupField
          label={question.label}
          hint={<QuestionHint question={question} />}
          registration={register(field)}
          error={error}
          required={question.required}
          options={toChoiceOptions(question)}
          inline={isShort(question)}
        />
      );
    case "multi":
      return <EffectsField question={question} form={form} error={error} />;
    case "date":
      return <DateField question={question} form={form} error={error} />;
    case "url":
      return (
        <TextField
          label={question.label}
          type="url"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          hint={<QuestionHint question={question} />}
          registration={register(field)}
          error={error}
        />
      );
    case "textarea":
      return <DescriptionField question={question} form={form} error={error} />;
    default:
      return (
        <TextField
          label={question.label}
          autoComplete="off"
          hint={<QuestionHint question={question} />}
          registration={register(field)}
          error={error}
        />
      );
  }
}

/** The stalking effects: any of three, or "Nessuna di queste", which excludes the others. */
function EffectsField({ question, form, error }: { question: Question; form: Form; error?: string }) {
  const registration = form.register(question.field);
  return (
    <CheckboxGroupField
      label={question.label}
      hint={<QuestionHint question={question} />}
      registration={{
        ...registration,
        onChange: async (event) => {
          const result = await registration.onChange(event);
          const { value, checked } = event.target as HTMLInputElement;
          const current = form.getValues("effects");
          const selected = Array.isArray(current) ? current : [];
          if (checked && value === EFFECT_NONE) form.setValue("effects", [EFFECT_NONE]);
          else if (checked && selected.includes(EFFECT_NONE)) {
            form.setValue(
              "effects",
              selected.filter((item) => item !== EFFECT_NONE),
            );
          }
          return result;
        },
      }}
      error={error}
      options={toChoiceOptions(question)}
    />
  );
}

function DescriptionField({ question, form, error }: { question: Question; form: Form; error?: string }) {
  const value = form.watch("description");
  const length = typeof value === "string" ? value.length : 0;
  return (
    <TextAreaField
      label={`${question.label} (facoltativo)`}
      hint={<QuestionHint question={question} />}
      registration={form.register("description")}
      error={error}
      rows={6}
      footer={
        <p className={styles.counter}>
          {length} caratteri su {DESCRIPTION_MAX_LENGTH}
        </p>
      }
    />
  );
}

/**
 * The app's date field, typed gg/mm/aaaa whatever the browser's language; the chosen day is also written out
 * in Italian words beneath it, so a slip (a month for a day) shows at once.
 */
function DateField({ question, form, error }: { question: Question; form: Form; error?: string }) {
  const value = form.watch(question.field);
  const chosen = typeof value === "string" && isIsoDate(value) ? formatItalianDate(value) : null;
  return (
    <div className={styles.dateField}>
      <ItalianDateField
        label={question.label}
        hint={<QuestionHint question={question} />}
        registration={form.register(question.field)}
        error={error}
        required={question.required}
      />
      {chosen && !error ? <p className={styles.dateEcho}>Data indicata: {chosen}</p> : null}
    </div>
  );
}
