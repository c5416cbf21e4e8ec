import type { UseQueryResult } from "@tanstack/react-query";
import { type ComponentProps, type ReactNode, type Ref, useId } from "react";
import type { HttpError } from "../http/http-error.ts";
import buttonStyles from "../ui/button.module.css";
import { FormMessage, TextField } from "../ui/form-field.tsx";
import { TitledSection } from "../ui/titled-section.tsx";
import styles from "./admin.module.css";

// Pieces every admin section shares: the scrolling table box, the list's loading and error states, the
// error summary of a form, and the focus moves that keep keyboard and screen-reader users oriented.

export const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;
export const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;
export const SMALL_SECONDARY = `${SECONDARY} ${styles.smallButton}`;

/** An admin page: its section, named by its title (which takes the focus when given `titleRef`). */
export function AdminPage({
  title,
  titleRef,
  children,
}: {
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <TitledSection
      title={title}
      level={1}
      className={styles.section}
      titleClassName={styles.title}
      titleRef={titleRef}
    >
      {children}
    </TitledSection>
  );
}

/**
 * A number typed in an admin form: the phone's number keypad (with the decimal separator for amounts in
 * euro), and no autofill.
 */
export function NumberField({
  decimal = false,
  ...props
}: ComponentProps<typeof TextField> & { decimal?: boolean }) {
  return <TextField {...props} inputMode={decimal ? "decimal" : "numeric"} autoComplete="off" />;
}

/**
 * A data table in a box that scrolls sideways on narrow screens. The box is a named region that takes focus,
 * so it can be scrolled with the keyboard.
 */
export function DataTable({ caption, children }: { caption: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className={styles.tableWrap} aria-labelledby={id} tabIndex={0}>
      <table className={styles.table}>
        <caption id={id}>{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/** A column's name; a column of amounts or counts is aligned right, as its cells are. */
export type Column = string | { label: string; number: true };

/** A table's head row, from its columns. */
export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className={styles.number}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** Renders the list once loaded; until then a status, and on failure the message with a retry. */
export function ListLoader<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T, HttpError>;
  /** "gli utenti", "i voucher"…: what is loading. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <div className={styles.section}>
        <FormMessage tone="error">
          <p>
            Non siamo riusciti a caricare {what}: {query.error.message}
          </p>
        </FormMessage>
        <p>
          <button type="button" className={SECONDARY} onClick={() => void query.refetch()}>
            Riprova
          </button>
        </p>
      </div>
    );
  }
  return <p role="status">Caricamento in corso…</p>;
}

/** Focuses the element once, when it appears (a form opened for editing gets the keyboard's attention). */

// The error summary is shared with the public site's forms.
export { ErrorSummary, type SummaryField } from "../ui/error-summary.tsx";

/** The badge of an on/off state: "Attivo" / "Non attivo". */
export function StateBadge({ on, labels }: { on: boolean; labels: [string, string] }) {
  return (
    <span className={`${styles.badge} ${on ? styles.on : styles.off}`}>{on ? labels[0] : labels[1]}</span>
  );
}
