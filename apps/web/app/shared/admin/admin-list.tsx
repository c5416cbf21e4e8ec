import { type ReactNode, useState } from "react";
import { FormMessage, StatusRegion } from "../ui/form-field.tsx";
import styles from "./admin.module.css";
import { AdminPage, SMALL_SECONDARY } from "./admin-ui.tsx";

// The list pages of the catalogue sections (products, campaigns, vouchers, gift cards): which item the
// editor below the table shows, the status message of the last save, and the row's "Modifica" button.

/**
 * Which item the editor shows (null: none, or the form for a new one) and the status message of the last
 * save. `round` changes whenever the editor is closed, so the new-item form below remounts afresh.
 */
export function useAdminSelection(editButtonId: (key: string) => string) {
  const [editing, setEditing] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [status, setStatus] = useState<string | null>(null);

  const edit = (key: string) => {
    setStatus(null);
    setEditing(key);
  };
  /** Closes the editor; focus goes back to the button that opened it, not to the top of the page. */
  const close = (key?: string) => {
    setEditing(null);
    setRound((r) => r + 1);
    if (key) setTimeout(() => document.getElementById(editButtonId(key))?.focus(), 0);
  };
  return { editing, round, status, setStatus, edit, close, editButtonId };
}

export type AdminSelection = ReturnType<typeof useAdminSelection>;

/** A catalogue section: its title and intro, then a status region (always present) for the save messages. */
export function AdminListSection({
  title,
  intro,
  status,
  children,
}: {
  title: string;
  intro: ReactNode;
  status: string | null;
  children: ReactNode;
}) {
  return (
    <AdminPage title={title}>
      <p className={styles.intro}>{intro}</p>
      <StatusRegion>{status ? <FormMessage tone="success">{status}</FormMessage> : null}</StatusRegion>
      {children}
    </AdminPage>
  );
}

/**
 * A table row named by the item's code, with the given cells and a last one holding the "Modifica" button.
 * The button's hidden code tells screen-reader users which item it opens; its id lets focus come back.
 */
export function EditableRow({
  itemKey,
  code,
  selection,
  children,
}: {
  itemKey: string;
  code: string;
  selection: AdminSelection;
  children: ReactNode;
}) {
  return (
    <tr className={itemKey === selection.editing ? styles.selected : undefined}>
      <th scope="row">{code}</th>
      {children}
      <td>
        <button
          type="button"
          id={selection.editButtonId(itemKey)}
          className={SMALL_SECONDARY}
          onClick={() => selection.edit(itemKey)}
        >
          Modifica<span className="visually-hidden"> {code}</span>
        </button>
      </td>
    </tr>
  );
}
