import type { z } from "zod";

// What a schema says of a value, as the API answers it and a form shows it: the tests of core's schemas read
// their messages through these.

/** Every message, in order; none when the value passes. */
export function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The message per field path, first one wins. */
export function byField(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}
