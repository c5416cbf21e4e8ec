import { MESSAGES } from "@argine/core/shared/messages";
import { useState } from "react";
import { toHttpError } from "../../shared/http/http-error.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { documentUrl } from "./service-queries.ts";

/**
 * Opens a sent file of a service in a new tab. The tab is opened during the click, before the link is asked
 * for, and then sent to it: a tab opened after a request would be stopped by the popup blocker.
 */
export function DocumentButton({
  serviceId,
  fileName,
  label,
  className = `${buttonStyles.button} ${buttonStyles.secondary}`,
}: {
  serviceId: string;
  fileName: string;
  label: string;
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
      const { url } = await documentUrl(serviceId, fileName);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (reason) {
      tab?.close();
      const failure = toHttpError(reason);
      setError(failure.code === "NOT_FOUND" ? MESSAGES.noDocument : failure.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={className} onClick={open} disabled={busy}>
        {label}
      </button>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </>
  );
}
