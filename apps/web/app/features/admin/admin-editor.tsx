import { MESSAGES } from "@argine/core/shared/messages";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { HttpError } from "../http/http-error.ts";
import formStyles from "../ui/form.module.css";
import { FormMessage, RequiredNote } from "../ui/form-field.tsx";
import { applyServerIssues, visibleError } from "../ui/form-state.ts";
import styles from "./admin.module.css";
import { ErrorSummary, PRIMARY, SECONDARY, type SummaryField, useFocusOnMount } from "./admin-ui.tsx";

// The editor forms of the catalogue sections (products, campaigns, vouchers, gift cards): one behaviour and
// one frame. Each page keeps its own fields, texts, schema and API calls.

export interface AdminEditorOptions<TForm extends FieldValues, TSaved> {
  resolver: Resolver<TForm>;
  defaultValues: DefaultValues<TForm>;
  /** The fields in the error summary, in the form's order; the API's issues are placed on these too. */
  fields: readonly SummaryField<TForm>[];
  /** Focus the heading on mount: the form was opened on purpose, so the keyboard follows it. */
  focusHeading: boolean;
  send: (values: TForm) => Promise<TSaved>;
  /** Editors: the patch a save would send; when empty nothing is sent and the form says so. */
  changes?: (values: TForm) => object;
  /** Brings the cached list up to date with what was saved. */
  refresh: (queryClient: QueryClient, saved: TSaved) => void;
  /** The values the form shows after a save. */
  resetTo: (saved: TSaved) => DefaultValues<TForm>;
  onSaved: (saved: TSaved) => void;
}

/**
 * The behaviour every admin editor shares: checked on blur and on submit without react-hook-form's own
 * focus move (the error summary takes the focus instead), the API's field issues placed under their fields,
 * "nothing to change" for an empty patch, and the list refreshed after a save.
 */
export function useAdminEditor<TForm extends FieldValues, TSaved>(
  options: AdminEditorOptions<TForm, TSaved>,
) {
  const { fields, send, changes, refresh, resetTo, onSaved } = options;
  const queryClient = useQueryClient();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(options.focusHeading);
  const summaryRef = useRef<HTMLElement>(null);
  const form = useForm<TForm>({
    resolver: options.resolver,
    mode: "onTouched",
    defaultValues: options.defaultValues,
    shouldFocusError: false,
  });
  const { handleSubmit, formState, setError, setFocus, reset } = form;
  // True when every issue of the API's answer found its field, so the message need not be repeated above.
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation<TSaved, HttpError, TForm>({
    mutationFn: send,
    meta: { hideError: true },
    onSuccess: (saved) => {
      refresh(queryClient, saved);
      reset(resetTo(saved));
      onSaved(saved);
    },
    onError: (error) =>
      setIssuesPlaced(
        applyServerIssues(
          error,
          { setError, setFocus },
          fields.map((f) => f.name),
        ),
      ),
  });
  const onSubmit = handleSubmit(
    (values) => {
      setIssuesPlaced(false);
      const nothing = changes !== undefined && Object.keys(changes(values)).length === 0;
      setUnchanged(nothing);
      if (!nothing) save.mutate(values);
    },
    // After the browser-side check fails: the summary renders first, then takes the focus.
    () => setTimeout(() => summaryRef.current?.focus(), 0),
  );
  const error = (name: Path<TForm>) => visibleError(formState, name);
  return {
    form,
    register: form.register,
    error,
    save,
    onSubmit,
    issuesPlaced,
    unchanged,
    headingRef,
    summaryRef,
    fields,
  };
}

export type AdminEditor<TForm extends FieldValues, TSaved> = ReturnType<typeof useAdminEditor<TForm, TSaved>>;

/**
 * The frame of an admin editor: the heading (focused when opened), the required-fields note, the error
 * summary, the server's and "nothing to change" messages, the page's fields, and the submit and close row.
 */
export function AdminEditorPanel<TForm extends FieldValues, TSaved>({
  editor,
  titleId,
  title,
  beforeForm,
  submitLabel,
  close,
  children,
}: {
  editor: AdminEditor<TForm, TSaved>;
  titleId: string;
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
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} ref={editor.headingRef} tabIndex={-1} className={styles.panelTitle}>
        {title}
      </h2>
      {beforeForm}
      <form className={`${formStyles.form} ${formStyles.wide}`} noValidate onSubmit={editor.onSubmit}>
        <RequiredNote />
        <ErrorSummary
          formState={form.formState}
          fields={editor.fields}
          onSelect={form.setFocus}
          summaryRef={editor.summaryRef}
        />
        {save.error && !editor.issuesPlaced ? (
          <FormMessage tone="error">{save.error.message}</FormMessage>
        ) : null}
        {editor.unchanged ? <FormMessage tone="info">{MESSAGES.nothingToChange}</FormMessage> : null}
        {children}
        <div className={formStyles.actions}>
          <button type="submit" className={PRIMARY} disabled={save.isPending}>
            {save.isPending ? "Salvataggio in corso…" : submitLabel}
          </button>
          {close ? (
            <button type="button" className={SECONDARY} onClick={close.onClick}>
              {close.label}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
