import type { ReactNode } from "react";

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the address ("…qui: https://x/y.") */
const TRAILING = /[.,;:!?)\]}»]+$/;

/** A plain-text mail body with its http(s) addresses made clickable; nothing else is interpreted. */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const url = raw.replace(TRAILING, "");
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={`${start}-${url}`} href={url}>
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
