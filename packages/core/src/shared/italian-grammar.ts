// Italian that numbers and dates change: the article elided before a day read with a vowel ("all'11
// dicembre", "dall'8/03/2026": undici, otto, uno), and a noun agreeing with its count ("1 nota di credito").

const ELIDED = { il: "l'", al: "all'", dal: "dall'", del: "dell'", nel: "nell'", sul: "sull'" } as const;
export type DayArticle = keyof typeof ELIDED;

/** The day's text ("11 dicembre 2026", "08/03/2026") after its article or preposition: "all'11 dicembre 2026". */
export function withDayArticle(article: DayArticle, day: string): string {
  // 1, 8 and 11 are read uno, otto, undici (also written 01 and 08); 18, 81… are not.
  return /^0?(1|8|11)(?!\d)/.test(day) ? `${ELIDED[article]}${day}` : `${article} ${day}`;
}

/** "1 fattura", "3 fatture", "0 fatture". */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A sentence's first letter in capitals: "dall'8/03/2027" → "Dall'8/03/2027". */
export function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
