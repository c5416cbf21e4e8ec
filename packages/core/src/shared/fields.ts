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
 * The paths of the strings holding a control character, anywhere in a parsed request (body, query, params):
 * the API refuses them with 'Il testo contiene caratteri non ammessi.' before any schema runs, so every
 * route, present or future, is covered.
 */
export function controlCharPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  // A raw body (a webhook's, an uploaded file's) is bytes, not text: walking up to 30 MB of them one by one
  // would hold the server for seconds.
  if (value instanceof Uint8Array) return [];
  if (typeof value === "string") return CONTROL_CHARS_PATTERN.test(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => controlCharPaths(item, [...path, i]));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => [
      ...(CONTROL_CHARS_PATTERN.test(key) ? [[...path, key]] : []),
      ...controlCharPaths(item, [...path, key]),
    ]);
  return [];
}
