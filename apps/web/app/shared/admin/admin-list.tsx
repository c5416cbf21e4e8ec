import type { UseQueryResult } from "@tanstack/react-query";
import { Fragment, type ReactNode, useState } from "react";
import type { HttpError } from "../http/http-error.ts";
import { FormMessage, StatusRegion } from "../ui/form-field.tsx";
import styles from "./admin.module.css";
import { AdminPage, type Column, ColumnHeads, DataTable, ListLoader, SMALL_SECONDARY } from "./admin-ui.tsx";

// The list pages of the catalogue sections (products, campaigns, vouchers, gift cards): a table of items
// named by their code, each with a "Modifica" button, and below it the editor of the chosen item (or the
// form for a new one), with the status message of the last save above the table.

/**
 * Which item the editor shows (null: none, or the form for a new one) and the status message of the last
 * save. `round` changes whenever the editor is closed, so the new-item form below remounts afresh.
 */
function useAdminSelection(editButtonId: (key: string) => string) {
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

type AdminSelection = ReturnType<typeof useAdminSelection>;

/** What the list hands the editor below its table. */
export interface EditorSlot<T> {
  /** The item chosen with "Modifica", or null. */
  row: T | null;
  /** An item was chosen, or the new-item form came back after a close: the keyboard follows the editor. */
  focusHeading: boolean;
  /** Shows the outcome of a save in the list's status region. */
  say: (status: string) => void;
  /** Closes the editor; the focus goes back to the chosen item's "Modifica" button. */
  close: () => void;
}

/**
 * A catalogue section: its title and intro, a status region for the save messages, the table of items (the
 * first column the item's code, the last its "Modifica" button) and the editor below it.
 */
export function AdminItemList<T extends { code: string }>({
  title,
  intro,
  query,
  what,
  itemKey,
  editButtonId,
  caption,
  columns,
  cells,
  editor,
}: {
  title: string;
  intro: ReactNode;
  query: UseQueryResult<T[], HttpError>;
  /** "i voucher", "le campagne"…: what is loading. */
  what: string;
  /** What tells the items apart (the id, or the product's code). */
  itemKey: (item: T) => string;
  editButtonId: (key: string) => string;
  caption: (count: number) => string;
  /** The columns between the code and the actions. */
  columns: readonly Column[];
  /** The cells of those columns. */
  cells: (item: T) => ReactNode;
  editor: (slot: EditorSlot<T>) => ReactNode;
}) {
  const selection = useAdminSelection(editButtonId);
  return (
    <AdminPage title={title}>
      <p className={styles.intro}>{intro}</p>
      <StatusRegion>
        {selection.status ? <FormMessage tone="success">{selection.status}</FormMessage> : null}
      </StatusRegion>
      <ListLoader query={query} what={what}>
        {(items) => {
          const row = items.find((item) => itemKey(item) === selection.editing) ?? null;
          const rowKey = row ? itemKey(row) : undefined;
          return (
            <>
              <DataTable caption={caption(items.length)}>
                <ColumnHeads columns={["Codice", ...columns, "Azioni"]} />
                <tbody>
                  {items.map((item) => (
                    <EditableRow
                      key={itemKey(item)}
                      itemKey={itemKey(item)}
                      code={item.code}
                      selection={selection}
                    >
                      {cells(item)}
                    </EditableRow>
                  ))}
                </tbody>
              </DataTable>
              {/* Keyed by the item, or afresh after each close: a new-item form starts empty. */}
              <Fragment key={rowKey ?? `new-${selection.round}`}>
                {editor({
                  row,
                  focusHeading: row !== null || selection.round > 0,
                  say: selection.setStatus,
                  close: () => selection.close(rowKey),
                })}
              </Fragment>
            </>
          );
        }}
      </ListLoader>
    </AdminPage>
  );
}

/**
 * A table row named by the item's code, with the given cells and a last one holding the "Modifica" button.
 * The button's hidden code tells screen-reader users which item it opens; its id lets focus come back.
 */
function EditableRow({
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
