import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { type RefObject, useEffect, useRef, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import type { HttpError } from "../http/http-error.ts";
import { applyServerIssues, visibleError } from "./form-state.ts";

export interface CheckedFormOptions<TValues extends FieldValues, TBody, TResult> {
  resolver: Resolver<TValues, unknown, TBody>;
  defaultValues: DefaultValues<TValues>;
  /** The fields the API's issues may name, placed under their fields when it answers 400. */
  fieldNames: readonly Path<TValues>[];
  send: (body: TBody) => Promise<TResult>;
  onSuccess?: (result: TResult, body: TBody) => void;
  /** Called with the checked body before sending; false keeps it from being sent (an empty patch…). */
  shouldSend?: (body: TBody) => boolean;
  /**
   * Where the focus goes when the browser-side check fails: the error summary (forms that show one), or
   * the first field in error (short forms without a summary).
   */
  focusOnInvalid?: "summary" | "field";
  /** A failure that belongs to one field though the API names none (a wrong current password…). */
  fieldOfError?: (error: HttpError) => Path<TValues> | undefined;
  /** The form shows its own progress (a payment waiting for the user's bank): no global spinner. */
  hideSpinner?: boolean;
}

/**
 * Core's zod schema as the form's check: the form holds what the user types (an unticked box is false, an
 * empty phone is ""), the schema's output is the body sent.
 */
export function schemaResolver<TValues extends FieldValues, TBody>(
  schema: z.ZodType<TBody, unknown>,
): Resolver<TValues, unknown, TBody> {
  return zodResolver(schema as z.ZodType<TBody, FieldValues>) as unknown as Resolver<TValues, unknown, TBody>;
}

/** A resolver whose schema is loaded at its first check, and which can be told to load it sooner. */
export type LazyResolver<TValues extends FieldValues, TBody> = Resolver<TValues, unknown, TBody> & {
  /** Starts loading the schema (the form's first focus): the first check then need not wait for it. */
  preload: () => void;
};

/**
 * Core's zod schema as the form's check, loaded when the form first checks (a blur, a submit) or is first
 * focused, not with the page: a page whose first screen is a form (the sign-in) does not build the validation
 * library's schemas while it hydrates (issue 41, docs/performance-phone.md). A schema that cannot be loaded
 * (the network dropped) skips the browser-side check of that attempt: the API checks the same body with the
 * same schema and its issues are placed under their fields; the next check loads it again.
 */
export function lazySchemaResolver<TValues extends FieldValues, TBody>(
  load: () => Promise<z.ZodType<TBody, unknown>>,
): LazyResolver<TValues, TBody> {
  let loading: Promise<Resolver<TValues, unknown, TBody> | null> | undefined;
  const loaded = () => {
    loading ??= load().then(
      (schema) => schemaResolver<TValues, TBody>(schema),
      () => {
        loading = undefined;
        return null;
      },
    );
    return loading;
  };
  const resolver: Resolver<TValues, unknown, TBody> = async (values, context, options) => {
    const check = await loaded();
    return check ? check(values, context, options) : { values: values as unknown as TBody, errors: {} };
  };
  return Object.assign(resolver, { preload: () => void loaded() });
}

/**
 * The behaviour of a form that sends to the API, shared by the admin editors and the public site's forms:
 * checked on blur and on submit (spec §5: an error shows once the field is touched, or after a submit),
 * the error summary focused when the browser-side check fails instead of react-hook-form's own focus move,
 * the API's field issues placed under their fields, and the answer's failure left to the form to show.
 */
export function useCheckedForm<TValues extends FieldValues, TBody, TResult>(
  options: CheckedFormOptions<TValues, TBody, TResult>,
) {
  const { fieldNames, send, onSuccess, shouldSend, fieldOfError } = options;
  const focusSummary = (options.focusOnInvalid ?? "summary") === "summary";
  const summaryRef = useRef<HTMLElement>(null);
  const form = useForm<TValues, unknown, TBody>({
    resolver: options.resolver,
    mode: "onTouched",
    defaultValues: options.defaultValues,
    shouldFocusError: !focusSummary,
  });
  const { handleSubmit, formState, setError, setFocus } = form;
  // True when every issue of the API's answer found its field, so the message need not be repeated above.
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const submit = useMutation<TResult, HttpError, TBody>({
    mutationFn: send,
    meta: { hideError: true, hideSpinner: options.hideSpinner },
    onSuccess,
    onError: (error) => {
      const field = fieldOfError?.(error);
      if (field) {
        setError(field, { type: "server", message: error.message }, { shouldFocus: true });
        setIssuesPlaced(true);
        return;
      }
      setIssuesPlaced(applyServerIssues(error, { setError, setFocus }, fieldNames));
    },
  });
  const onSubmit = handleSubmit(
    (body) => {
      setIssuesPlaced(false);
      if (shouldSend?.(body) ?? true) submit.mutate(body);
    },
    // After the browser-side check fails: the summary renders first, then takes the focus.
    () => {
      if (focusSummary) setTimeout(() => summaryRef.current?.focus(), 0);
    },
  );
  const error = (name: Path<TValues>) => visibleError(formState, name);
  /** What a field component takes for `name`: its registration and its visible error. */
  const field = (name: Path<TValues>, rules?: RegisterOptions<TValues, Path<TValues>>) => ({
    registration: form.register(name, rules),
    error: error(name),
  });
  // Sent, and nothing edited since: the form may say it was saved.
  const saved = submit.isSuccess && !formState.isDirty;
  return { form, register: form.register, error, field, submit, onSubmit, issuesPlaced, summaryRef, saved };
}

/** Focuses the element once it is on screen, when `enabled`: the keyboard follows what just appeared. */
export function useFocusOnMount<E extends HTMLElement>(enabled: boolean): RefObject<E | null> {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
