import { type FieldValues, type FormState, get, type Path, type UseFormReturn } from "react-hook-form";
import type { HttpError } from "../http/http-error.ts";

/**
 * Spec §5: a field shows its error only when touched and in error. Submitting counts as touching every
 * field (as a user expects: pressing "Invia" on an empty form must say what is missing).
 */
export function visibleError<T extends FieldValues>(
  formState: FormState<T>,
  name: Path<T>,
): string | undefined {
  // Read every part first: react-hook-form only re-renders for the formState properties read during render,
  // so a short-circuit here would leave later errors (e.g. the API's, set after submit) unseen.
  const { errors, touchedFields, isSubmitted } = formState;
  const error: unknown = get(errors, name);
  const touched = Boolean(get(touchedFields, name)) || isSubmitted;
  if (!touched) return undefined;
  const message =
    typeof error === "object" && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === "string" && message !== "" ? message : undefined;
}

interface ServerIssue {
  path: string[];
  message: string;
}

/** The `details.issues` of a 400 answer, when well formed. */
export function serverIssues(error: HttpError | null | undefined): ServerIssue[] {
  const details = error?.details;
  if (typeof details !== "object" || details === null) return [];
  const issues = (details as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue): ServerIssue[] => {
    if (typeof issue !== "object" || issue === null) return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (!Array.isArray(path) || typeof message !== "string") return [];
    return [{ path: path.map(String), message }];
  });
}

/**
 * Puts the API's validation issues (400, `details.issues: [{ path, message }]`) on the form's fields and
 * focuses the first. Returns true when every issue found a field, so the form need not repeat them above.
 */
export function applyServerIssues<T extends FieldValues>(
  error: HttpError | null | undefined,
  form: Pick<UseFormReturn<T>, "setError" | "setFocus">,
  fields: readonly Path<T>[],
): boolean {
  const issues = serverIssues(error);
  if (issues.length === 0) return false;
  let allPlaced = true;
  let first: Path<T> | null = null;
  for (const issue of issues) {
    const name = issue.path.join(".") as Path<T>;
    if (!fields.includes(name)) {
      allPlaced = false;
      continue;
    }
    form.setError(name, { type: "server", message: issue.message });
    first ??= name;
  }
  // Focus once every error is in place (moving focus makes React render at once).
  if (first) form.setFocus(first);
  return allPlaced;
}
