import { MESSAGES } from "@argine/core/shared/messages";
import { type ReactNode, useState } from "react";
import type { DefaultValues, FieldValues, Resolver } from "react-hook-form";
import formStyles from "../ui/form.module.css";
import { FormEnd, FormMessage, RequiredNote, SendError } from "../ui/form-field.tsx";
import { TitledSection } from "../ui/titled-section.tsx";
import { useCheckedForm, useFocusOnMount } from "../ui/use-checked-form.ts";
import styles from "./admin.module.css";
import type { EditorSlot } from "./admin-list.tsx";
import { ErrorSummary, SECONDARY, type SummaryField } from "./admin-ui.tsx";

// The editor forms of the catalogue sections (products, campaigns, vouchers, gift cards): one behaviour and
// one frame. Each page keeps its own fields, texts, schema and API calls.

export interface AdminEditorOptions<TForm extends FieldValues, TSaved> {
  resolver: Resolver<TForm>;
  defaultValues: DefaultValues<TForm>;
  /** The fields in the error summary, in the form's order; the API's issues are placed on these too. */
  fields: readonly SummaryField<TForm>[];
  /** Focus the heading on mount: the form was opened on purpose, so the keyboard follows it. */
  focusHeading: boolean;
  /** The feature's write (its hook's `mutateAsync`), which brings the cached list up to date. */
  send: (values: TForm) => Promise<TSaved>;
  /** Editors: the patch a save would send; when empty nothing is sent and the form says so. */
  changes?: (values: TForm) => object;
  /** The values the form shows after a save. */
  resetTo: (saved: TSaved) => DefaultValues<TForm>;
  onSaved: (saved: TSaved) => void;
}

/**
 * The behaviour every admin editor shares: checked on blur and on submit without react-hook-form's own
 * focus move (the error summary takes the focus instead), the API's field issues placed under their fields,
 * and "nothing to change" for an empty patch.
 */
export function useAdminEditor<TForm extends FieldValues, TSaved>(
  options: AdminEditorOptions<TForm, TSaved>,
) {
  const { fields, changes, resetTo, onSaved } = options;
  const headingRef = useFocusOnMount<HTMLHeadingElement>(options.focusHeading);
  const [unchanged, setUnchanged] = useState(false);
  const checked = useCheckedForm<TForm, TForm, TSaved>({
    resolver: options.resolver,
    defaultValues: options.defaultValues,
    fieldNames: fields.map((field) => field.name),
    send: options.send,
    shouldSend: (values) => {
      const nothing = changes !== undefined && Object.keys(changes(values)).length === 0;
      setUnchanged(nothing);
      return !nothing;
    },
    onSuccess: (saved) => {
      checked.form.reset(resetTo(saved));
      onSaved(saved);
    },
  });
  return { ...checked, save: checked.submit, unchanged, headingRef, fields };
}

export type AdminEditor<TForm extends FieldValues, TSaved> = ReturnType<typeof useAdminEditor<TForm, TSaved>>;

/** What a create-or-edit editor says about its kind of row ("campagna", "voucher"). */
export interface CreateOrEditTexts<TRow> {
  /** "Nuova campagna". */
  newTitle: string;
  /** "Modifica della campagna", followed by the row's code. */
  editTitle: string;
  create: string;
  save: string;
  /** The close button's label, when a row is open. */
  close: string;
  /** The list's status after a save. */
  saved: (saved: TRow, created: boolean) => string;
}

/**
 * An editor that creates a new row (the slot's row null) or edits the one chosen: the create or the update
 * write, the update sending only what changed, the form emptied after a creation and showing the saved row
 * after an edit. Campaigns and vouchers are both such rows.
 */
export function useCreateOrEditEditor<
  TForm extends FieldValues,
  TRow extends { id: string; code: string },
  TCreate,
  TPatch,
>({
  slot,
  texts,
  values,
  body,
  patch,
  create,
  update,
  ...options
}: Pick<AdminEditorOptions<TForm, TRow>, "resolver" | "fields"> & {
  slot: EditorSlot<TRow>;
  texts: CreateOrEditTexts<TRow>;
  /** The form's values for a row, or the empty form for null. */
  values: (row: TRow | null) => TForm;
  body: (form: TForm) => TCreate;
  patch: (form: TForm, row: TRow) => TPatch & object;
  create: { mutateAsync: (body: TCreate) => Promise<TRow> };
  update: { mutateAsync: (input: { id: string; body: TPatch }) => Promise<TRow> };
}): CreateOrEditEditor<TForm, TRow> {
  const { row } = slot;
  const editor = useAdminEditor<TForm, TRow>({
    ...options,
    focusHeading: slot.focusHeading,
    defaultValues: values(row) as DefaultValues<TForm>,
    send: (form) =>
      row ? update.mutateAsync({ id: row.id, body: patch(form, row) }) : create.mutateAsync(body(form)),
    changes: row ? (form) => patch(form, row) : undefined,
    resetTo: (saved) => values(row ? saved : null) as DefaultValues<TForm>,
    onSaved: (saved) => slot.say(texts.saved(saved, row === null)),
  });
  return { ...editor, row, texts, close: slot.close };
}

export type CreateOrEditEditor<TForm extends FieldValues, TRow> = AdminEditor<TForm, TRow> & {
  row: TRow | null;
  texts: CreateOrEditTexts<TRow>;
  close: () => void;
};

/** The frame of a create-or-edit editor, titled and labelled for a new row or for the chosen one. */
export function CreateOrEditPanel<TForm extends FieldValues, TRow extends { code: string }>({
  editor,
  children,
}: {
  editor: CreateOrEditEditor<TForm, TRow>;
  children: ReactNode;
}) {
  const { row, texts } = editor;
  return (
    <AdminEditorPanel
      title={row ? `${texts.editTitle} ${row.code}` : texts.newTitle}
      editor={editor}
      submitLabel={row ? texts.save : texts.create}
      close={row ? { label: texts.close, onClick: editor.close } : undefined}
    >
      {children}
    </AdminEditorPanel>
  );
}

/**
 * The frame of an admin editor: the heading (focused when opened), the required-fields note, the error
 * summary, the server's and "nothing to change" messages, the page's fields, and the submit and close row.
 */
export function AdminEditorPanel<TForm extends FieldValues, TSaved>({
  editor,
  title,
  beforeForm,
  submitLabel,
  close,
  children,
}: {
  editor: AdminEditor<TForm, TSaved>;
  title: ReactNode;
  /** Read-only facts shown between the heading and the form. */
  beforeForm?: ReactNode;
  submitLabel: string;
  /** The secondary button, when the form can be closed. */
  close?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  const { form, save } = editor;
  return (
    <TitledSection
      title={title}
      className={styles.panel}
      titleClassName={styles.panelTitle}
      titleRef={editor.headingRef}
    >
      {beforeForm}
      <form className={`${formStyles.form} ${formStyles.wide}`} noValidate onSubmit={editor.onSubmit}>
        <RequiredNote />
        <ErrorSummary
          formState={form.formState}
          fields={editor.fields}
          onSelect={form.setFocus}
          summaryRef={editor.summaryRef}
        />
        <SendError error={save.error} issuesPlaced={editor.issuesPlaced} />
        {editor.unchanged ? <FormMessage tone="info">{MESSAGES.nothingToChange}</FormMessage> : null}
        {children}
        <FormEnd form={editor} label={submitLabel}>
          {close ? (
            <button type="button" className={SECONDARY} onClick={close.onClick}>
              {close.label}
            </button>
          ) : null}
        </FormEnd>
      </form>
    </TitledSection>
  );
}
