import type { KeyboardEvent } from "react";

/** Under a chat's text area (spec §4 "Chat message"). */
export const SEND_ON_ENTER_HINT = "Invio per mandare il messaggio, Maiusc+Invio per andare a capo.";

/** Spec §4 "Chat message": Enter sends, Shift+Enter starts a new line (and Enter while composing an accent stays). */
export function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}
