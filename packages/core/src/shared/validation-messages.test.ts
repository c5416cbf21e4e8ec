import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CONTROL_CHAR_PATHS_MAX,
  controlCharPaths,
  jsonNestsDeeperThan,
  neutraliseInvisibleFormatting,
} from "./fields.ts";
import { MESSAGES } from "./messages.ts";
import { installItalianValidationMessages } from "./validation-messages.ts";

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

// The English zod writes by itself, which must never reach a user.
const ENGLISH = /invalid|expected|received|too (small|big)|unrecognized|must|should|required/i;

describe("Italian validation messages", () => {
  beforeAll(installItalianValidationMessages);

  it("translates the messages of malformed requests: a bad id, a number too small, unknown fields", () => {
    expect(messagesOf(z.uuid(), "non-un-uuid")).toEqual(["Identificativo non valido."]);
    expect(messagesOf(z.number().int().min(1), 0)).toEqual(["Il numero deve essere almeno 1."]);
    expect(messagesOf(z.strictObject({ a: z.string() }), { a: "x", b: 1, c: 2 })).toEqual([
      "Campo non previsto: b, c.",
    ]);
  });

  it("says 'Campo Obbligatorio' for a missing field and 'Il numero inserito non è valido' for a non-number", () => {
    expect(messagesOf(z.object({ name: z.string() }), {})).toEqual([MESSAGES.required]);
    expect(messagesOf(z.string().min(1), "")).toEqual([MESSAGES.required]);
    expect(messagesOf(z.coerce.number(), "abc")).toEqual([MESSAGES.invalidNumber]);
    expect(messagesOf(z.number(), "12")).toEqual([MESSAGES.invalidNumber]);
  });

  it("has an Italian message for every other kind of issue", () => {
    const cases: [z.ZodType, unknown][] = [
      [z.string(), 12],
      [z.boolean(), "sì"],
      [z.array(z.string()), "x"],
      [z.array(z.string()).max(2), ["a", "b", "c"]],
      [z.array(z.string()).min(3), ["a"]],
      [z.string().max(3), "abcd"],
      [z.string().min(5), "abc"],
      [z.number().max(100), 101],
      [z.number().positive(), 0],
      [z.number().lt(5), 5],
      [z.number().multipleOf(5), 3],
      [z.email(), "non-una-email"],
      [z.url(), "non un url"],
      [z.iso.datetime(), "ieri"],
      [z.iso.date(), "2026-13-40"],
      [z.string().regex(/^\d+$/), "abc"],
      [z.enum(["A", "B"]), "C"],
      [z.literal(true), false],
      [z.union([z.string(), z.number()]), true],
      [z.record(z.enum(["a"]), z.string()), { b: "x" }],
      [z.object({}), "x"],
      [z.string().refine(() => false), "x"],
    ];
    for (const [schema, value] of cases) {
      const messages = messagesOf(schema, value);
      expect(messages.length, JSON.stringify(value)).toBeGreaterThan(0);
      for (const message of messages) expect(message).not.toMatch(ENGLISH);
    }
  });

  it("keeps the messages schemas set themselves", () => {
    expect(messagesOf(z.string({ error: "Messaggio proprio" }), 1)).toEqual(["Messaggio proprio"]);
  });
});

describe("control characters", () => {
  it("finds NUL and other C0 controls anywhere, but keeps tab and line breaks", () => {
    expect(
      controlCharPaths({ a: "a\u0000b", b: ["ok", "x\u001by"], c: { d: "riga\nriga\r\n\tok" } }),
    ).toEqual([["a"], ["b", 1]]);
    expect(controlCharPaths("\u007f")).toEqual([[]]);
    expect(controlCharPaths({ "chiave\u0000": 1, n: 3, t: true, z: null })).toEqual([["chiave\u0000"]]);
    expect(controlCharPaths({ testo: "Città: Reggio nell'Emilia — “ok”" })).toEqual([]);
  });

  it("removes the invisible characters that disguise text, keeping emoji joiners and line breaks", () => {
    // A right-to-left override makes "gnp.exe" read as "exe.png"; zero-width spaces split a link unseen.
    const value = {
      name: "Mario\u202E gnp.exe",
      lines: ["argine\u200B.it", "ok\u2066x\u2069", "\uFEFFciao\r\nriga"],
      family: "👩\u200D👧 e \u200Ctesto",
      "chiave\u200F": { deep: ["a\u061Cb"] },
      n: 3,
    };
    expect(neutraliseInvisibleFormatting(value)).toEqual({
      name: "Mario gnp.exe",
      lines: ["argine.it", "okx", "ciao\r\nriga"],
      family: "👩\u200D👧 e \u200Ctesto",
      chiave: { deep: ["ab"] },
      n: 3,
    });
    expect(neutraliseInvisibleFormatting("Lettera\u200E")).toBe("Lettera");
    const bytes = new Uint8Array([0xe2, 0x80, 0x8b]);
    expect(neutraliseInvisibleFormatting(bytes)).toBe(bytes);
    expect(neutraliseInvisibleFormatting(null)).toBeNull();
  });

  it("leaves raw bytes alone: an uploaded file is not text", () => {
    expect(controlCharPaths(new Uint8Array([0, 1, 2, 0x7f]))).toEqual([]);
  });

  it("walks a value nested 100 000 deep without overflowing the stack", () => {
    let deep: unknown = "fondo\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const [path] = controlCharPaths({ a: deep });
    expect(path).toHaveLength(100_001);
    expect(path?.[0]).toBe("a");
  });

  it("reports a bounded number of paths", () => {
    const many = Array.from({ length: 1000 }, () => "\u0000");
    const paths = controlCharPaths(many);
    expect(paths).toHaveLength(CONTROL_CHAR_PATHS_MAX);
    expect(paths[0]).toEqual([0]);
  });
});

describe("JSON nesting", () => {
  it("counts the brackets of arrays and objects", () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(`${"[".repeat(100_000)}${"]".repeat(100_000)}`, 32)).toBe(true);
    // Depth is what is open at once, not how many brackets there are.
    expect(jsonNestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ t: "[[[[{{{{" }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ t: 'un "[[[[" tra virgolette\\' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify(["\\", [[]]]), 2)).toBe(true);
  });
});
