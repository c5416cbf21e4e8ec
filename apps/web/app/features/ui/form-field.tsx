import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
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

export function TextField({
  label,
  registration,
  error,
  hint,
  required,
  type = "text",
  ...inputProps
}: FieldBaseProps & InputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <input
        {...inputProps}
        {...registration}
        id={id}
        type={type}
        className={styles.control}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
      />
      <FieldError id={errorId} message={error} />
    </div>
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
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.passwordWrap}>
        <input
          {...inputProps}
          {...registration}
          id={id}
          type={visible ? "text" : "password"}
          className={styles.control}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
        />
        <button
          type="button"
          className={styles.reveal}
          aria-controls={id}
          onClick={() => setVisible((current) => !current)}
        >
          {visible ? "Nascondi" : "Mostra"}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  label,
  registration,
  error,
  hint,
  required,
  options,
  placeholder,
  autoComplete,
}: FieldBaseProps & { options: readonly SelectOption[]; placeholder?: string; autoComplete?: string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <select
        {...registration}
        id={id}
        className={styles.control}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function CheckboxField({ label, registration, error, hint, required }: FieldBaseProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.checkbox}>
      <div className={styles.checkboxRow}>
        <input
          {...registration}
          id={id}
          type="checkbox"
          className={styles.checkboxInput}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint ? hintId : undefined, error ? errorId : undefined)}
        />
        <label htmlFor={id} className={styles.checkboxLabel}>
          {label}
          {required ? <RequiredMark /> : null}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
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
