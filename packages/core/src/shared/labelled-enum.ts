// An enum that people read is written once, as its values with their Italian labels in display order: the
// list of values, the guard for data from outside and the label all come from that one table. Its schema is
// `z.enum(E.values)`, written where a schema needs it: a screen that only shows labels then loads no
// validation library (the web's build drops schemas nothing uses, vite.config.ts; issue 41).

export interface LabelledEnum<V extends string, L extends Readonly<Record<V, string>>> {
  /** The values in the order written (a non-empty tuple, as z.enum wants it). */
  readonly values: readonly [V, ...V[]];
  readonly labels: L;
  is(value: unknown): value is V;
  /** The label; an unknown value is shown as it came rather than hidden. */
  label(value: string): string;
}

export function labelledEnum<const L extends Readonly<Record<string, string>>>(
  labels: L,
): LabelledEnum<Extract<keyof L, string>, L> {
  type V = Extract<keyof L, string>;
  const values = Object.keys(labels) as [V, ...V[]];
  const is = (value: unknown): value is V => typeof value === "string" && Object.hasOwn(labels, value);
  return {
    values,
    labels,
    is,
    label: (value) => (is(value) ? (labels[value] as string) : value),
  };
}

/** The union of an enum's values: `type PracticeStatus = EnumValue<typeof PRACTICE_STATUS>`. */
export type EnumValue<E extends { values: readonly string[] }> = E["values"][number];
