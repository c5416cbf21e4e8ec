import type { ReactNode } from "react";
import { Link } from "react-router";
import type { HttpError } from "../http/http-error.ts";
import { PRIVACY_PATH } from "../layout/navigation.ts";
import { FormMessage } from "../ui/form-field.tsx";
import styles from "./outreach.module.css";
import { useFocusWhenShown } from "./use-outreach-form.ts";

// Pieces the three outreach forms share: the privacy consent's label, the banner of a failed send, and the
// confirmation that replaces a form once sent.

/** The privacy checkbox's label, linking the policy (spec §5: the privacy terms must be accepted). */
export function PrivacyLabel({ purpose }: { purpose: string }) {
  return (
    <>
      Ho letto l'
      <Link to={PRIVACY_PATH} className={styles.privacyLink}>
        informativa sulla privacy
      </Link>{" "}
      e acconsento al trattamento dei miei dati {purpose}.
    </>
  );
}

/** The API's message when the send failed and not every issue found its field (network, 429, 5xx). */
export function SendError({ error, issuesPlaced }: { error: HttpError | null; issuesPlaced: boolean }) {
  if (!error || issuesPlaced) return null;
  return <FormMessage tone="error">{error.message}</FormMessage>;
}

/**
 * The confirmation shown in place of a sent form. It takes the focus (the button pressed is gone), and sits
 * in the form's polite status region so screen readers announce it.
 */
export function SentMessage({ title, children }: { title: string; children: ReactNode }) {
  const ref = useFocusWhenShown<HTMLDivElement>(true);
  return (
    <div ref={ref} tabIndex={-1} className={styles.sent}>
      <FormMessage tone="success">
        <p className={styles.sentTitle}>{title}</p>
        {children}
      </FormMessage>
    </div>
  );
}

/** "123 / 2000 caratteri" under a long text. */
export function CharacterCount({ value, max }: { value: string | undefined; max: number }) {
  const length = (value ?? "").trim().length;
  return (
    <p className={length > max ? `${styles.counter} ${styles.counterOver}` : styles.counter}>
      {length} / {max} caratteri
    </p>
  );
}
