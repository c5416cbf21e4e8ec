import type { OutreachAnswer } from "@argine/core/outreach/outreach-api";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import type { z } from "zod";
import type { HttpError } from "../http/http-error.ts";
import type { SummaryField } from "../ui/error-summary.tsx";
import { applyServerIssues, visibleError } from "../ui/form-state.ts";
import { useHydrated } from "../ui/use-hydrated.ts";

// The behaviour the three outreach forms share: checked on blur and on submit (spec §5: an error shows once
// the field is touched, or after a submit), the error summary focused when the browser-side check fails, the
// API's field issues placed under their fields, and the answer's message once sent.

export interface OutreachFormOptions<TValues extends FieldValues, TBody> {
  /** core's body schema: the form validates with the API's own rules and messages. */
  schema: z.ZodType<TBody>;
  defaultValues: DefaultValues<TValues>;
  /** The fields in the error summary, in the form's order; the API's issues are placed on these too. */
  fields: readonly SummaryField<TValues>[];
  send: (body: TBody) => Promise<OutreachAnswer>;
}

export type OutreachFormState<TValues extends FieldValues, TBody> = ReturnType<
  typeof useOutreachForm<TValues, TBody>
>;

export function useOutreachForm<TValues extends FieldValues, TBody>(
  options: OutreachFormOptions<TValues, TBody>,
) {
  const { fields, send } = options;
  const summaryRef = useRef<HTMLElement>(null);
  const form = useForm<TValues, unknown, TBody>({
    // The form holds what the user types (an unticked box is false); the schema's output is the body.
    resolver: zodResolver(options.schema as z.ZodType<TBody, FieldValues>) as unknown as Resolver<
      TValues,
      unknown,
      TBody
    >,
    mode: "onTouched",
    defaultValues: options.defaultValues,
    shouldFocusError: false,
  });
  const { handleSubmit, formState, setError, setFocus } = form;
  // True when every issue of the API's answer found its field, so the message need not be repeated above.
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const submit = useMutation<OutreachAnswer, HttpError, TBody>({
    mutationFn: send,
    meta: { hideError: true },
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
    (body) => {
      setIssuesPlaced(false);
      submit.mutate(body);
    },
    // After the browser-side check fails: the summary renders first, then takes the focus.
    () => setTimeout(() => summaryRef.current?.focus(), 0),
  );
  const error = (name: Path<TValues>) => visibleError(formState, name);
  // Prerendered forms send nothing until the page is live: a click before that would post the page itself.
  const canSubmit = useHydrated() && !submit.isPending;
  return {
    form,
    register: form.register,
    error,
    submit,
    onSubmit,
    issuesPlaced,
    summaryRef,
    fields,
    canSubmit,
  };
}

/** Focuses the element when it appears: the form it replaces had the focus, so the keyboard follows. */
export function useFocusWhenShown<E extends HTMLElement>(shown: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
