import { legalizationArchiveFileName } from "@argine/core/retention/files-retention";
import { RETENTION_ROUTES } from "@argine/core/retention/retention-routes";
import { callPath } from "@argine/core/shared/api-contract";
import { downloadFile, useDownload } from "../../shared/http/download.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

/**
 * Every file of the legalization still kept, with its manifest, as one .zip (ADR 021: the files
 * go a year after they were made, and the client is told to download them first). Fetched with the user's
 * token and saved by the browser. In the files' modal, the one place the files are opened.
 */
export function LegalizationArchiveButton({
  serviceId,
  ticketCode,
}: {
  serviceId: string;
  ticketCode: string;
}) {
  const save = useDownload(() =>
    downloadFile(
      callPath(RETENTION_ROUTES.archive, { id: serviceId }),
      undefined,
      legalizationArchiveFileName(ticketCode),
    ),
  );
  return (
    <>
      <p>
        <button type="button" className={SECONDARY} disabled={save.isPending} onClick={() => save.mutate()}>
          Scarica tutti i file della legalizzazione (.zip)
        </button>
      </p>
      <p>I file si conservano per un anno da quando sono stati creati: scaricali per tenerli anche dopo.</p>
      <StatusRegion>
        {save.error ? (
          <FormMessage tone="error">
            <p>I file non sono stati scaricati: {save.error.message}</p>
          </FormMessage>
        ) : null}
      </StatusRegion>
    </>
  );
}
