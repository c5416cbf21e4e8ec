import type { OutreachAnswer } from "@argine/core/outreach/outreach-api";
import type { DefaultValues, FieldValues, Resolver } from "react-hook-form";
import type { SummaryField } from "../../shared/ui/error-summary.tsx";
import { useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { useHydrated } from "../../shared/ui/use-hydrated.ts";

// The three outreach forms: core's body schema checks them with the API's own rules and messages, and the
// answer's message is shown once sent (ui/use-checked-form.ts has the rest of the behaviour).

export interface OutreachFormOptions<TValues extends FieldValues, TBody> {
  /** Core's body schema as the check (ui/use-checked-form.ts: schemaResolver, or lazySchemaResolver). */
  resolver: Resolver<TValues, unknown, TBody>;
  defaultValues: DefaultValues<TValues>;
  /** The fields in the error summary, in the form's order; the API's issues are placed on these too. */
  fields: readonly SummaryField<TValues>[];
  send: (body: TBody) => Promise<OutreachAnswer>;
}

export function useOutreachForm<TValues extends FieldValues, TBody>(
  options: OutreachFormOptions<TValues, TBody>,
) {
  const { fields, send } = options;
  const checked = useCheckedForm<TValues, TBody, OutreachAnswer>({
    resolver: options.resolver,
    defaultValues: options.defaultValues,
    fieldNames: fields.map((field) => field.name),
    send,
  });
  // Prerendered forms send nothing until the page is live: a click before that would post the page itself.
  const canSubmit = useHydrated() && !checked.submit.isPending;
  return { ...checked, fields, canSubmit };
}

export type OutreachFormState<TValues extends FieldValues, TBody> = ReturnType<
  typeof useOutreachForm<TValues, TBody>
>;
