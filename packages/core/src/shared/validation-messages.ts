import { z } from "zod";
import { MESSAGES } from "./messages.ts";

// One Italian message for every validation issue zod can raise, so neither the API's 400s nor a form ever
// show the schema library's English ("Invalid UUID", "Too small: expected number to be >=1",
// "Unrecognized key"). A message a schema sets itself (`{ error: MESSAGES.… }`) still wins.

type Issue = z.core.$ZodRawIssue;

function expectedMessage(issue: Extract<Issue, { code: "invalid_type" }>): string {
  if (issue.input === undefined) return MESSAGES.required;
  switch (issue.expected) {
    case "number":
    case "int":
    case "bigint":
    case "nan":
      return MESSAGES.invalidNumber;
    case "string":
      return MESSAGES.expectedText;
    case "boolean":
      return MESSAGES.expectedYesNo;
    case "array":
    case "tuple":
    case "set":
      return MESSAGES.expectedList;
    case "date":
      return MESSAGES.invalidDate;
    case "object":
    case "record":
      return MESSAGES.badRequest;
    default:
      return MESSAGES.invalidChoice;
  }
}

function formatMessage(format: string): string {
  if (format === "email") return MESSAGES.invalidEmail;
  if (format === "url") return MESSAGES.invalidUrl;
  if (format === "uuid" || format === "guid" || format === "cuid" || format === "nanoid")
    return MESSAGES.invalidId;
  if (/date|time|duration/.test(format)) return MESSAGES.invalidDate;
  return MESSAGES.invalidFormat;
}

/** The Italian message of a zod issue. */
export function italianIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return expectedMessage(issue);
    case "too_small": {
      const { origin, minimum, inclusive } = issue;
      if (origin === "string")
        return Number(minimum) <= 1 ? MESSAGES.required : MESSAGES.textTooShort(Number(minimum));
      if (origin === "array" || origin === "set")
        return Number(minimum) <= 1 ? MESSAGES.required : MESSAGES.listAtLeast(minimum);
      if (origin === "date") return MESSAGES.invalidDate;
      return inclusive === false ? MESSAGES.numberAbove(minimum) : MESSAGES.numberAtLeast(minimum);
    }
    case "too_big": {
      const { origin, maximum, inclusive } = issue;
      if (origin === "string") return MESSAGES.tooLong;
      if (origin === "array" || origin === "set") return MESSAGES.listAtMost(maximum);
      if (origin === "date") return MESSAGES.invalidDate;
      if (origin === "file") return MESSAGES.uploadTooLarge;
      return inclusive === false ? MESSAGES.numberBelow(maximum) : MESSAGES.numberAtMost(maximum);
    }
    case "invalid_format":
      return formatMessage(issue.format);
    case "not_multiple_of":
      return MESSAGES.invalidNumber;
    case "unrecognized_keys":
      return MESSAGES.unknownFields(issue.keys);
    default:
      // invalid_value (enums, literals), invalid_union, invalid_key, invalid_element, custom.
      return MESSAGES.invalidChoice;
  }
}

/** Installs the map for every schema in this process; done once on load (shared/fields.ts imports this). */
export function installItalianValidationMessages(): void {
  z.config({ customError: italianIssueMessage });
}

installItalianValidationMessages();
