import { z } from "zod";
import { MESSAGES } from "./messages.ts";
// Every schema is built on these fields: loading them installs the Italian message of every zod issue, for
// the API's answers and the web forms alike (a module with a side effect, declared in package.json).
import "./validation-messages.ts";

// Field schemas shared by web forms (react-hook-form + zodResolver) and API routes (spec §5).
//
// An empty field reports only 'Campo Obbligatorio': format checks after the required one are refinements
// carrying `ifFilled` (zod types `when` on refinements only). zod's `abort: true` would do the same per field,
// but an explicit abort also silences object-level refinements (passwords match, billing rules), so forms
// would show those errors only on a second submit.

/** Refinement parameter: run the refinement only on a non-empty string. */
export const ifFilled = {
  when: (payload: z.core.ParsePayload): boolean => typeof payload.value === "string" && payload.value !== "",
};

/** A required text, trimmed. */
export const RequiredStringSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required });

/** A required value that is never trimmed (passwords: spaces count). */
export const RequiredSecretSchema = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required });

// RFC 5321 caps an address at 254 characters.
const EMAIL_MAX_LENGTH = 254;

/** A standard e-mail address: 'Non è una email valida!'. */
export const EmailSchema = RequiredStringSchema.refine(
  (value) => value.length <= EMAIL_MAX_LENGTH && z.regexes.email.test(value),
  { error: MESSAGES.invalidEmail, ...ifFilled },
);

/** A search's select as its form holds it: one of the schema's values, or "" ("Tutti"), which is no filter. */
export function filterChoice<T extends z.ZodType<string>>(schema: T) {
  return z.union([schema, z.literal("")]).transform((value) => (value === "" ? undefined : value));
}

/** A privacy checkbox: only `true` passes. */
export const PrivacyAcceptanceSchema = z.literal(true, { error: MESSAGES.privacyRequired });

// Browsers and most servers stop around 2 KB; longer "URLs" are not pages a victim can point to.
const URL_MAX_LENGTH = 2048;

/**
 * An absolute http(s) address of a public page: scheme written out, a real domain name as host (no IP
 * literals, no localhost — these URLs are handed to takedown and capture providers).
 */
export function isHttpUrl(value: string): boolean {
  if (value.length > URL_MAX_LENGTH || !/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && z.regexes.domain.test(url.hostname);
}

/** A link pasted without its scheme ("instagram.com/…") gets https://; one with a scheme stays as typed. */
export function normaliseUrl(value: string): string {
  const trimmed = value.trim();
  if (trimmed === "" || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, "")}`;
}

export const HttpUrlSchema = RequiredStringSchema.refine(isHttpUrl, {
  error: MESSAGES.invalidUrl,
  ...ifFilled,
});

/**
 * Letters of any language (accents included), digits, spaces and the punctuation of names and places:
 * . , ' ’ - /  ("D'Amico", "Reggio nell'Emilia", "Maria-Luisa", "S. Giovanni").
 */
export const NO_SPECIAL_CHARS_PATTERN = /^[\p{L}\p{M}\p{Nd} .,'’\-/]*$/u;

/** A required text without special characters: 'Non sono ammessi caratteri speciali.'. */
export const NoSpecialCharsSchema = RequiredStringSchema.refine(
  (value) => NO_SPECIAL_CHARS_PATTERN.test(value),
  {
    error: MESSAGES.specialCharacters,
    ...ifFilled,
  },
);

/** A required digits-only field: 'Il numero inserito non è valido'. */
export const NumericStringSchema = RequiredStringSchema.refine((value) => /^\d+$/.test(value), {
  error: MESSAGES.invalidNumber,
  ...ifFilled,
});

/**
 * Control characters no text of ours carries: C0 controls and DEL, except tab, line feed and carriage return
 * (multi-line texts keep them). NUL in particular cannot be stored in PostgreSQL text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
export const CONTROL_CHARS_PATTERN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Invisible formatting characters that can disguise what a text says to the person who reads it (a name, a
 * link, a message shown to someone else): the bidirectional embeddings, overrides, isolates and marks that
 * reorder what is shown (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), and the invisible spaces and
 * joiners that split a word without showing (U+200B, U+2060-U+2064, U+FEFF, U+180E). The zero-width joiner and
 * non-joiner (U+200C, U+200D) stay: emoji sequences and some scripts need them. They are removed, not refused
 * (ADR 009): a text pasted from a chat or a document often carries one unseen, and refusing it would ask a
 * frightened person to find a character she cannot see.
 */
export const INVISIBLE_FORMATTING_PATTERN =
  /[\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** The text without invisible formatting characters (INVISIBLE_FORMATTING_PATTERN). */
export const withoutInvisibleFormatting = (text: string): string =>
  text.replace(INVISIBLE_FORMATTING_PATTERN, "");

/**
 * Removes invisible formatting from every string in a parsed value, keys included, in place (a request's
 * parsed body is ours to change); returns the value, or the cleaned string when the value is one. Walked
 * iteratively, each node once, like controlCharPaths.
 */
export function neutraliseInvisibleFormatting<T>(value: T): T {
  const has = (text: string) => {
    INVISIBLE_FORMATTING_PATTERN.lastIndex = 0;
    return INVISIBLE_FORMATTING_PATTERN.test(text);
  };
  if (typeof value === "string") return (has(value) ? withoutInvisibleFormatting(value) : value) as T;
  if (value === null || typeof value !== "object" || value instanceof Uint8Array) return value;
  const root: { value: unknown } = { value };
  // Each entry: the container holding a value, and the slot that holds it.
  const stack: { holder: Record<string | number, unknown>; key: string | number }[] = [
    { holder: root as Record<string, unknown>, key: "value" },
  ];
  while (stack.length > 0) {
    const { holder, key } = stack.pop() as (typeof stack)[number];
    const item = holder[key];
    if (typeof item === "string") {
      if (has(item)) holder[key] = withoutInvisibleFormatting(item);
    } else if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) stack.push({ holder: item as never, key: i });
    } else if (item !== null && typeof item === "object" && !(item instanceof Uint8Array)) {
      const record = item as Record<string, unknown>;
      for (const name of Object.keys(record)) {
        if (has(name)) {
          const child = record[name];
          delete record[name];
          record[withoutInvisibleFormatting(name)] = child;
        }
      }
      for (const name of Object.keys(record)) stack.push({ holder: record, key: name });
    }
  }
  return root.value as T;
}

/** The most a reported list of control-character paths holds: enough to point at the fields, bounded. */
export const CONTROL_CHAR_PATHS_MAX = 20;

/**
 * The paths of the strings holding a control character, anywhere in a parsed request (body, query, params):
 * the API refuses them with 'Il testo contiene caratteri non ammessi.' before any schema runs, so every
 * route, present or future, is covered. An iterative walk, each node visited once, a path spelled out only
 * for a hit: its work is linear in the value's size whatever its depth (a recursive walk copying the path at
 * every level took seconds, then overflowed the stack, on a body nested a few thousand deep).
 */
export function controlCharPaths(value: unknown): (string | number)[][] {
  interface Node {
    value: unknown;
    key: string | number | null;
    parent: Node | null;
  }
  const pathOf = (node: Node): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let at: Node | null = node; at && at.key !== null; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const found: (string | number)[][] = [];
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.length < CONTROL_CHAR_PATHS_MAX) {
    const node = stack.pop() as Node;
    const { value: item } = node;
    // A key with a control character is reported at its own path, before what it holds.
    if (typeof node.key === "string" && CONTROL_CHARS_PATTERN.test(node.key)) found.push(pathOf(node));
    if (typeof item === "string") {
      if (CONTROL_CHARS_PATTERN.test(item)) found.push(pathOf(node));
    } else if (item instanceof Uint8Array) {
      // A raw body (a webhook's, an uploaded file's) is bytes, not text: walking up to 30 MB of them one by
      // one would hold the server for seconds.
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], key: i, parent: node });
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return found.slice(0, CONTROL_CHAR_PATHS_MAX);
}

/**
 * How deep a JSON body may nest. No body of ours goes past five levels; without a bound, a 1 MB body of a
 * hundred thousand brackets costs every later step (parse, checks, schema) time and stack.
 */
export const JSON_MAX_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `maxDepth`: one pass over the characters,
 * counting the brackets outside strings, so it is read before anything is built from it. (It does not
 * check the text is JSON: the parser does that after.)
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character, a quote included.
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
