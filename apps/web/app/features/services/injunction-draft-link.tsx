import { injunctionDraftFileName } from "@argine/core/services/services-api";
import { SERVICES_ROUTES } from "@argine/core/services/services-routes";
import { callPath } from "@argine/core/shared/api-contract";
import { downloadFile, useDownload } from "../../shared/http/download.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * The formal notice's draft letter for the lawyer (ADR 020): a .docx written from the practice and its
 * feedback, fetched with the staff's token and saved by the browser, to complete and upload back.
 */
export function InjunctionDraftLink({ serviceId, ticketCode }: { serviceId: string; ticketCode: string }) {
  const save = useDownload(() =>
    downloadFile(
      callPath(SERVICES_ROUTES.injunctionDraft, { id: serviceId }),
      undefined,
      injunctionDraftFileName(ticketCode),
    ),
  );
  return (
    <>
      <p>
        <button type="button" className={SECONDARY} disabled={save.isPending} onClick={() => save.mutate()}>
          Scarica la bozza della diffida (.docx)
        </button>
      </p>
      <StatusRegion>
        {save.error ? (
          <FormMessage tone="error">
            <p>La bozza non è stata scaricata: {save.error.message}</p>
          </FormMessage>
        ) : null}
      </StatusRegion>
    </>
  );
}
