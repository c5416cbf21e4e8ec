import { describe, expect, it } from "vitest";
import { romeCalendarDay } from "../shared/calendar.ts";
import { DIARY_MESSAGES } from "./diary-messages.ts";
import { canonicalJson, type DiaryEntryInput, diaryEntrySchema, sealedBytes } from "./entry.ts";

const NOW = new Date("2026-12-03T23:30:00Z"); // already 4 December in Rome

const entry = (change: Partial<DiaryEntryInput> = {}): DiaryEntryInput => ({
  occurredOn: "2026-12-01",
  occurredAt: "21:40",
  platform: "INSTAGRAM",
  urls: ["instagram.com/p/abc", "https://instagram.com/p/abc"],
  who: "il mio ex",
  what: "Mi ha scritto che sa dove abito e ha pubblicato una mia foto.",
  ...change,
});

const messages = (input: DiaryEntryInput) => {
  const result = diaryEntrySchema(() => NOW).safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("a diary entry", () => {
  it("takes the day, the time, the place, the links (once each, with https added) and her words", () => {
    expect(diaryEntrySchema(() => NOW).parse(entry())).toEqual({
      occurredOn: "2026-12-01",
      occurredAt: "21:40",
      platform: "INSTAGRAM",
      urls: ["https://instagram.com/p/abc"],
      who: "il mio ex",
      what: "Mi ha scritto che sa dove abito e ha pubblicato una mia foto.",
    });
  });

  it("takes «non ricordo l'ora» and an unknown author", () => {
    expect(diaryEntrySchema(() => NOW).parse(entry({ occurredAt: null, who: "", urls: [] }))).toMatchObject({
      occurredAt: null,
      who: "",
      urls: [],
    });
  });

  it("knows today by Rome's calendar, and refuses a day after it", () => {
    expect(romeCalendarDay(NOW)).toBe("2026-12-04");
    expect(messages(entry({ occurredOn: "2026-12-04" }))).toEqual([]);
    expect(messages(entry({ occurredOn: "2026-12-05" }))).toEqual([DIARY_MESSAGES.occurredOnFuture]);
  });

  it("says in Italian what is missing or wrong, field by field", () => {
    expect(messages(entry({ occurredOn: "" }))).toContain(DIARY_MESSAGES.occurredOnRequired);
    expect(messages(entry({ occurredOn: "2026-02-30" }))).toEqual([DIARY_MESSAGES.occurredOnInvalid]);
    expect(messages(entry({ occurredAt: "25:00" }))).toEqual([DIARY_MESSAGES.occurredAtInvalid]);
    // A select left on its empty choice sends "" (the JSON is untyped on the wire).
    expect(messages(entry({ platform: "" as DiaryEntryInput["platform"] }))).toEqual([
      DIARY_MESSAGES.platformRequired,
    ]);
    expect(messages(entry({ what: "   " }))).toEqual([DIARY_MESSAGES.whatRequired]);
    expect(messages(entry({ what: "a".repeat(5001) }))).toEqual([DIARY_MESSAGES.whatTooLong]);
    expect(messages(entry({ who: "a".repeat(201) }))).toEqual([DIARY_MESSAGES.whoTooLong]);
    expect(messages(entry({ urls: Array.from({ length: 11 }, (_, i) => `https://x.it/${i}`) }))).toEqual([
      DIARY_MESSAGES.tooManyUrls,
    ]);
    expect(messages(entry({ urls: ["non è un link"] }))).toEqual([
      "L'indirizzo inserito non è un URL valido.",
    ]);
  });

  it("checks a calendar day", () => {
    expect(messages(entry({ occurredOn: "2024-02-29" }))).toEqual([]);
    expect(messages(entry({ occurredOn: "2026-02-29" }))).toEqual([DIARY_MESSAGES.occurredOnInvalid]);
    expect(messages(entry({ occurredOn: "2026-1-05" }))).toEqual([DIARY_MESSAGES.occurredOnInvalid]);
  });
});

describe("the canonical JSON a version is sealed as", () => {
  it("sorts keys at every level, keeps arrays in order, writes no whitespace", () => {
    expect(canonicalJson({ b: 2, a: [1, "é", { d: null, c: true }] })).toBe(
      '{"a":[1,"é",{"c":true,"d":null}],"b":2}',
    );
  });

  it("gives the same bytes whatever order the fields came in", () => {
    const fields = diaryEntrySchema(() => NOW).parse(entry());
    const version = { entryId: "e1", version: 1, fields, attachments: [], receivedAt: NOW.toISOString() };
    const shuffled = {
      receivedAt: version.receivedAt,
      attachments: [],
      fields: { ...fields },
      version: 1,
      entryId: "e1",
    };
    expect(Buffer.from(sealedBytes(shuffled)).equals(Buffer.from(sealedBytes(version)))).toBe(true);
  });

  it("sorts by UTF-16 code units and escapes as JSON does", () => {
    expect(canonicalJson({ "€": 1, "\u0080": 2, a: 'virgolette " e \\' })).toBe(
      '{"a":"virgolette \\" e \\\\","\u0080":2,"€":1}',
    );
  });

  it("refuses what has no single form: fractions, undefined in an array, big integers", () => {
    expect(() => canonicalJson({ a: 1.5 })).toThrow(TypeError);
    expect(() => canonicalJson([undefined])).toThrow(TypeError);
    expect(() => canonicalJson({ a: 10n })).toThrow(TypeError);
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});
