import { type ReactNode, useState } from "react";
import { toHttpError } from "../http/http-error.ts";
import buttonStyles from "./button.module.css";
import { FormMessage } from "./form-field.tsx";

/**
 * A button opening a short-lived link (a stored file's) in a new tab. The tab is opened during the click,
 * before the link is asked for, and then sent to it: a tab opened after a request would be stopped by the
 * popup blocker. A refusal is said under the button, worded by `failure` where the caller words it.
 */
export function NewTabButton({
  link,
  children,
  failure = (error) => error.message,
  className = `${buttonStyles.button} ${buttonStyles.secondary}`,
}: {
  link: () => Promise<string>;
  children: ReactNode;
  failure?: (error: ReturnType<typeof toHttpError>) => string;
  className?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setError(null);
    setBusy(true);
    const tab = window.open("", "_blank");
    // The new tab must not reach back into this one (window.open cannot say noopener and keep the handle).
    if (tab) tab.opener = null;
    try {
      const url = await link();
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (reason) {
      tab?.close();
      setError(failure(toHttpError(reason)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={className} onClick={open} disabled={busy}>
        {children}
      </button>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </>
  );
}
