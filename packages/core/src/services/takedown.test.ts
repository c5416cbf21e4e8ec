import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { TakedownUrlsBodySchema, TakedownUrlsFormSchema } from "./takedown.ts";

function issues(schema: z.ZodType, value: unknown): [string, string][] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

const A = "https://social.example.com/post/1";
const B = "https://forum.example.it/t/2";
const C = "http://blog.example.org/3";

describe("TakedownUrlsFormSchema", () => {
  it("keeps the filled links in order and drops empty later fields", () => {
    expect(TakedownUrlsFormSchema.parse({ urls: [A, "", C] })).toEqual({ urls: [A, C] });
    expect(TakedownUrlsFormSchema.parse({ urls: [A, " ", ""] })).toEqual({ urls: [A] });
    expect(TakedownUrlsFormSchema.parse({ urls: [` ${A} `, B, C] })).toEqual({ urls: [A, B, C] });
  });

  it("adds https:// to a link typed without it, as the questionnaire does", () => {
    expect(
      TakedownUrlsFormSchema.parse({ urls: ["www.instagram.com/p/abc", " social.example.com/post/1 ", ""] }),
    ).toEqual({ urls: ["https://www.instagram.com/p/abc", A] });
    expect(TakedownUrlsFormSchema.parse({ urls: [C] })).toEqual({ urls: [C] });
  });

  it("requires the first link", () => {
    expect(issues(TakedownUrlsFormSchema, { urls: ["", B, ""] })).toEqual([
      ["urls.0", "Il primo link è obbligatorio."],
    ]);
    expect(issues(TakedownUrlsFormSchema, { urls: [] })).toEqual([
      ["urls.0", "Il primo link è obbligatorio."],
    ]);
    expect(issues(TakedownUrlsFormSchema, {})).toEqual([["urls", "Il primo link è obbligatorio."]]);
  });

  it("takes at most three links", () => {
    expect(issues(TakedownUrlsFormSchema, { urls: [A, B, C, A] })).toEqual([
      ["urls", "Puoi indicare al massimo 3 link."],
    ]);
  });

  it("reports each invalid link on its own field", () => {
    expect(issues(TakedownUrlsFormSchema, { urls: ["not a url", B, "ftp://x.it"] })).toEqual([
      ["urls.0", "L'indirizzo inserito non è un URL valido."],
      ["urls.2", "L'indirizzo inserito non è un URL valido."],
    ]);
  });
});

describe("TakedownUrlsBodySchema", () => {
  it("accepts one to three valid links", () => {
    expect(TakedownUrlsBodySchema.parse({ urls: [A] })).toEqual({ urls: [A] });
    expect(TakedownUrlsBodySchema.parse({ urls: [A, B, C] })).toEqual({ urls: [A, B, C] });
  });

  it("rejects empty lists, empty entries, extra links and bad URLs", () => {
    expect(issues(TakedownUrlsBodySchema, { urls: [] })).toEqual([["urls", "Il primo link è obbligatorio."]]);
    expect(issues(TakedownUrlsBodySchema, { urls: [A, B, C, A] })).toEqual([
      ["urls", "Puoi indicare al massimo 3 link."],
    ]);
    expect(issues(TakedownUrlsBodySchema, { urls: [A, ""] })).toEqual([["urls.1", "Campo Obbligatorio"]]);
    expect(issues(TakedownUrlsBodySchema, { urls: ["javascript:alert(1)"] })).toEqual([
      ["urls.0", "L'indirizzo inserito non è un URL valido."],
    ]);
  });
});
