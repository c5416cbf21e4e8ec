import { type RefObject, useId } from "react";
import { type FieldValues, type FormState, get, type Path } from "react-hook-form";
import styles from "./error-summary.module.css";

// The error summary of a form (admin editors, the public site's forms): after a submit that failed, the list
// of what to fix, each entry moving the focus to its field.

export interface SummaryField<T extends FieldValues> {
  name: Path<T>;
  label: string;
}

/**
 * After a submit that failed, the list of what to fix, each entry moving the focus to its field. It takes the
 * focus itself when the browser-side check fails (`summaryRef`), so the user hears how many errors there are.
 */
export function ErrorSummary<T extends FieldValues>({
  formState,
  fields,
  onSelect,
  summaryRef,
  headingLevel = 3,
}: {
  formState: FormState<T>;
  fields: readonly SummaryField<T>[];
  onSelect: (name: Path<T>) => void;
  summaryRef: RefObject<HTMLElement | null>;
  /** The level of the summary's title, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
}) {
  const titleId = useId();
  // Read every part, so react-hook-form re-renders when any changes.
  const { errors, isSubmitted } = formState;
  const entries = fields.flatMap((field) => {
    const message = (get(errors, field.name) as { message?: unknown } | undefined)?.message;
    return typeof message === "string" && message ? [{ ...field, message }] : [];
  });
  if (!isSubmitted || entries.length === 0) return null;
  const Title = `h${headingLevel}` as const;
  return (
    <section ref={summaryRef} className={styles.summary} tabIndex={-1} aria-labelledby={titleId}>
      <Title id={titleId} className={styles.summaryTitle}>
        {entries.length === 1
          ? "C'è un errore da correggere"
          : `Ci sono ${entries.length} errori da correggere`}
      </Title>
      <ul className={styles.summaryList}>
        {entries.map((entry) => (
          <li key={entry.name}>
            <button type="button" className={styles.linkButton} onClick={() => onSelect(entry.name)}>
              {entry.label}: {entry.message}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
