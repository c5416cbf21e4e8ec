import {
  italianDay,
  italianMoment,
  parseItalianDay,
  parseItalianMoment,
} from "@argine/core/shared/italian-date";
import { MESSAGES } from "@argine/core/shared/messages";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { HttpError } from "../http/http-error.ts";
import buttonStyles from "./button.module.css";
import styles from "./form.module.css";

// Form controls for react-hook-form: a visible label, an optional hint, and the field's error linked with
// aria-describedby and flagged with aria-invalid. Whether the error is visible (touched or submitted) is
// decided by the form (see form-state.ts); a control shows whatever `error` it is given.

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "children">;

interface FieldBaseProps {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

function describedBy(...ids: Array<string | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

export function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}

/** "I campi contrassegnati con * sono obbligatori." */
export function RequiredNote() {
  return (
    <p className={styles.requiredNote}>
      I campi contrassegnati con <span aria-hidden="true">*</span>
      <span className="visually-hidden">asterisco</span> sono obbligatori.
    </p>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      <span className={styles.errorIcon} aria-hidden="true">
        !
      </span>
      <span>
        <span className="visually-hidden">Errore: </span>
        {message}
      </span>
    </p>
  );
}

/** What a control inside a FieldFrame takes: its id and the ARIA attributes the frame decides. */
export interface FrameControl {
  id: string;
  "aria-required"?: true;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * The one frame of every single-control field: a visible label (with the required mark), an optional hint,
 * the control, and the error, both linked to the control by aria-describedby; the control is flagged with
 * aria-invalid while in error. `layout="checkbox"` puts the box before its label on one row.
 */
export function FieldFrame({
  label,
  error,
  hint,
  required,
  footer,
  layout = "stacked",
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Shown between the control and its error (a character count…). */
  footer?: ReactNode;
  layout?: "stacked" | "checkbox";
  children: (control: FrameControl) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const control = children({
    id,
    "aria-required": required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(hint ? hintId : undefined, error ? errorId : undefined),
  });
  const labelText = (
    <>
      {label}
      {required ? <RequiredMark /> : null}
    </>
  );
  const hintBlock = hint ? (
    <div id={hintId} className={styles.hint}>
      {hint}
    </div>
  ) : null;
  if (layout === "checkbox") {
    return (
      <div className={styles.checkbox}>
        <div className={styles.checkboxRow}>
          {control}
          <label htmlFor={id} className={styles.checkboxLabel}>
            {labelText}
          </label>
        </div>
        {hintBlock}
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {labelText}
      </label>
      {hintBlock}
      {control}
      {footer}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function TextField({
  label,
  registration,
  error,
  hint,
  required,
  type = "text",
  ...inputProps
}: FieldBaseProps & InputProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <input {...inputProps} {...registration} {...control} type={type} className={styles.control} />
      )}
    </FieldFrame>
  );
}

/** A code typed in capitals (a voucher's, a tax code): a browser's autofill or spelling check only gets in the way. */
export function CodeField(props: FieldBaseProps & InputProps) {
  return <TextField autoComplete="off" autoCapitalize="characters" spellCheck={false} {...props} />;
}

const DATE_FORMATS = {
  day: {
    parse: parseItalianDay,
    show: italianDay,
    placeholder: "gg/mm/aaaa",
    hint: "Formato: gg/mm/aaaa, per esempio 31/12/2026.",
    pattern: "\\d{1,2}[\\/.\\-]\\d{1,2}[\\/.\\-]\\d{4}",
    message: MESSAGES.italianDateFormat,
  },
  moment: {
    parse: parseItalianMoment,
    show: italianMoment,
    placeholder: "gg/mm/aaaa hh:mm",
    hint: "Formato: gg/mm/aaaa hh:mm, per esempio 31/12/2026 14:30.",
    pattern: "\\d{1,2}[\\/.\\-]\\d{1,2}[\\/.\\-]\\d{4},? +\\d{1,2}[:.]\\d{2}",
    message: MESSAGES.italianMomentFormat,
  },
} as const;

/**
 * The one date field of the web app: a day (or, with `withTime`, a day and a time) typed the Italian way,
 * gg/mm/aaaa, whatever the browser's language (a native date input shows mm/dd/yyyy on an English browser).
 * The form holds what it always held: the ISO day ("2026-12-31") or the wall-clock moment
 * ("2026-12-31T14:30", core's local-moment.ts); text that is no day is handed over as typed, so the form's
 * schema refuses it, and the error then says how to write a date.
 */
export function ItalianDateField({
  label,
  registration,
  error,
  hint,
  required,
  withTime = false,
}: FieldBaseProps & { withTime?: boolean }) {
  const format = DATE_FORMATS[withTime ? "moment" : "day"];
  const { name, onChange, onBlur, ref } = registration;
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement | null>(null);
  const value = useRef("");
  // What react-hook-form reads and writes in place of the input: the form's value, shown the Italian way
  // when the form sets it (its defaults, a reset), and the focus for a field in error.
  const proxy = useMemo(
    () => ({
      name,
      get value() {
        return value.current;
      },
      set value(next: unknown) {
        value.current = typeof next === "string" ? next : "";
        setText(format.show(value.current));
      },
      focus: () => input.current?.focus(),
      select: () => input.current?.select(),
    }),
    [name, format],
  );
  const attach = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      ref(element ? proxy : null);
    },
    [ref, proxy],
  );
  const send = (typed: string, type: "change" | "blur") => {
    value.current = typed.trim() === "" ? "" : (format.parse(typed) ?? typed.trim());
    const event = { target: { name, value: value.current }, type };
    void (type === "change" ? onChange(event) : onBlur(event));
  };
  const typedWrongly = text.trim() !== "" && format.parse(text) === null;
  return (
    <FieldFrame
      label={label}
      error={error && typedWrongly ? format.message : error}
      hint={
        <>
          {hint}
          <span className={styles.dateFormat}>{format.hint}</span>
        </>
      }
      required={required}
    >
      {(control) => (
        <input
          {...control}
          ref={attach}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={format.placeholder}
          pattern={format.pattern}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            send(event.target.value, "change");
          }}
          onBlur={(event) => send(event.target.value, "blur")}
          className={styles.control}
        />
      )}
    </FieldFrame>
  );
}

/**
 * An email address: the keyboard and the browser's help set for one (no capitals, no spell-check), "Email"
 * unless the form needs its own words. Sign-in passes autoComplete="username".
 */
export function EmailField({
  label = "Email",
  autoComplete = "email",
  ...props
}: Omit<FieldBaseProps, "label"> & { label?: ReactNode; autoComplete?: string }) {
  return (
    <TextField
      {...props}
      label={label}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}

/** A password input with a "Mostra"/"Nascondi" button, handy on a phone keyboard. */
export function PasswordField({
  label,
  registration,
  error,
  hint,
  required,
  ...inputProps
}: FieldBaseProps & Omit<InputProps, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <div className={styles.passwordWrap}>
          <input
            {...inputProps}
            {...registration}
            {...control}
            type={visible ? "text" : "password"}
            className={styles.control}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
          <button
            type="button"
            className={styles.reveal}
            aria-controls={control.id}
            onClick={() => setVisible((current) => !current)}
          >
            {visible ? "Nascondi" : "Mostra"}
            <span className="visually-hidden"> password</span>
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

/** What useCheckedForm's field(name) gives a field: its registration and its visible error. */
export type FieldBinding = Pick<FieldBaseProps, "registration" | "error">;

/** A new password with core's rule as its hint, then its confirmation (core's withPasswordConfirmation). */
export function NewPasswordFields({
  password,
  confirmPassword,
  label = "Nuova password",
  confirmLabel = "Conferma la nuova password",
}: {
  password: FieldBinding;
  confirmPassword: FieldBinding;
  label?: string;
  confirmLabel?: string;
}) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        hint={MESSAGES.passwordRule}
        required
        {...password}
      />
      <PasswordField label={confirmLabel} autoComplete="new-password" required {...confirmPassword} />
    </>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/** The options of a select, after an empty first one when there is a placeholder ("Tutti"…). */
export function SelectOptions({
  options,
  placeholder,
}: {
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}

export function SelectField({
  registration,
  options,
  placeholder,
  autoComplete,
  ...frame
}: FieldBaseProps & { options: readonly SelectOption[]; placeholder?: string; autoComplete?: string }) {
  return (
    <FieldFrame {...frame}>
      {(control) => (
        <select {...registration} {...control} className={styles.control} autoComplete={autoComplete}>
          <SelectOptions options={options} placeholder={placeholder} />
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckboxField({ registration, ...frame }: FieldBaseProps) {
  return (
    <FieldFrame {...frame} layout="checkbox">
      {(control) => <input {...registration} {...control} type="checkbox" className={styles.checkboxInput} />}
    </FieldFrame>
  );
}

/**
 * "123 / 2000 caratteri" under a long text; with `from`, only once the text is that long (a chat line's
 * counter appears near its limit). Past the limit it says so: the text is never cut, the check refuses it.
 */
export function CharacterCount({
  value,
  max,
  from = 0,
}: {
  value: string | undefined;
  max: number;
  from?: number;
}) {
  const length = (value ?? "").trim().length;
  if (length < from) return null;
  const over = length - max;
  return (
    <p className={over > 0 ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
      {length} / {max} caratteri
      {over > 0
        ? ` · ${over === 1 ? "un carattere" : `${over} caratteri`} di troppo: accorcialo o dividilo in due messaggi`
        : ""}
    </p>
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "children">;

/** A multi-line text with the same label, hint and error wiring as TextField. */
export function TextAreaField({
  label,
  registration,
  error,
  hint,
  required,
  footer,
  ...textareaProps
}: FieldBaseProps & TextAreaProps & { footer?: ReactNode }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} footer={footer}>
      {(control) => (
        <textarea
          {...textareaProps}
          {...registration}
          {...control}
          className={`${styles.control} ${styles.textarea}`}
        />
      )}
    </FieldFrame>
  );
}

export interface ChoiceOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  /** An option that cannot be chosen here (the hint of the group says why). */
  disabled?: boolean;
}

interface ChoiceGroupProps extends FieldBaseProps {
  options: readonly ChoiceOption[];
  /** Lays short options (Sì / No / Non so) side by side. */
  inline?: boolean;
}

/**
 * A group of radio buttons (one answer) or checkboxes (several) in a fieldset: the question is the legend,
 * the hint and the error describe the group, and every option is a large tap target with its own label.
 */
function ChoiceGroup({
  type,
  label,
  registration,
  error,
  hint,
  required,
  options,
  inline,
}: ChoiceGroupProps & { type: "radio" | "checkbox" }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={styles.choiceGroup}
      aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
    >
      <legend className={styles.legendLabel}>
        {label}
        {required ? (
          <>
            <RequiredMark />
            <span className="visually-hidden"> (obbligatoria)</span>
          </>
        ) : null}
      </legend>
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      <div className={inline ? `${styles.options} ${styles.optionsInline}` : styles.options}>
        {options.map((option, index) => {
          const optionId = `${id}-${index}`;
          return (
            <div key={option.value} className={styles.option}>
              <input
                {...registration}
                id={optionId}
                type={type}
                value={option.value}
                disabled={option.disabled}
                className={styles.optionInput}
                aria-invalid={error ? true : undefined}
                aria-describedby={option.hint ? `${optionId}-hint` : undefined}
              />
              <label htmlFor={optionId} className={styles.optionLabel}>
                <span className={styles.optionTitle}>{option.label}</span>
                {option.hint ? (
                  <span id={`${optionId}-hint`} className={styles.optionHint}>
                    {option.hint}
                  </span>
                ) : null}
              </label>
            </div>
          );
        })}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** One answer among several (radio buttons). */
export function RadioGroupField(props: ChoiceGroupProps) {
  return <ChoiceGroup {...props} type="radio" />;
}

/** Any number of answers (checkboxes sharing one name: the value is the list of those ticked). */
export function CheckboxGroupField(props: ChoiceGroupProps) {
  return <ChoiceGroup {...props} type="checkbox" />;
}

/**
 * A message about the whole form. Errors are alerts (announced as they appear); successes and notes are
 * plain boxes: put them inside a <StatusRegion> that stays on the page so their arrival is announced.
 */
export function FormMessage({
  tone,
  children,
  id,
}: {
  tone: "error" | "success" | "info";
  children: ReactNode;
  id?: string;
}) {
  const className = tone === "error" ? styles.alert : tone === "success" ? styles.success : styles.info;
  return (
    <div id={id} className={className} role={tone === "error" ? "alert" : undefined}>
      {children}
    </div>
  );
}

/** A polite live region that is always in the page; screen readers read what appears inside it. */
export function StatusRegion({ children }: { children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite">
      {children}
    </div>
  );
}

/** The answer to a request beside a form (a mail sent again…): its message, announced, or its error. */
export function RequestOutcome({
  request,
}: {
  request: { data?: { message: string }; error: { message: string } | null };
}) {
  return (
    <>
      <StatusRegion>
        {request.data ? <FormMessage tone="success">{request.data.message}</FormMessage> : null}
      </StatusRegion>
      {request.error ? <FormMessage tone="error">{request.error.message}</FormMessage> : null}
    </>
  );
}

/** The API's message when a send failed and not every issue found its field (network, 429, 5xx…). */
export function SendError({ error, issuesPlaced }: { error: HttpError | null; issuesPlaced: boolean }) {
  if (!error || issuesPlaced) return null;
  return <FormMessage tone="error">{error.message}</FormMessage>;
}

/**
 * A form's ending: the note that it was saved, when the form has one (in a StatusRegion, so its arrival is
 * announced), then the primary submit button, which says `pendingLabel` while the form is sending.
 */
export function FormEnd({
  form,
  label,
  pendingLabel = "Salvataggio in corso…",
  disabled = form.submit.isPending,
  savedMessage,
  children,
}: {
  /** What useCheckedForm returned. */
  form: { submit: { isPending: boolean }; saved: boolean };
  label: string;
  pendingLabel?: string;
  /** Defaults to while the form is sending. */
  disabled?: boolean;
  /** Shown once the form is saved, until it is edited again. */
  savedMessage?: string;
  /** Buttons after the submit one. */
  children?: ReactNode;
}) {
  return (
    <>
      {savedMessage ? (
        <StatusRegion>
          {form.saved ? <FormMessage tone="success">{savedMessage}</FormMessage> : null}
        </StatusRegion>
      ) : null}
      <div className={styles.actions}>
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
          disabled={disabled}
        >
          {form.submit.isPending ? pendingLabel : label}
        </button>
        {children}
      </div>
    </>
  );
}
