import { MESSAGES } from "@argine/core/shared/messages";
import { NewTabButton } from "../../shared/ui/new-tab-button.tsx";
import { documentUrl } from "./service-queries.ts";

/** Opens a sent file of a service in a new tab (a file gone meanwhile is said so). */
export function DocumentButton({
  serviceId,
  fileName,
  label,
  className,
}: {
  serviceId: string;
  fileName: string;
  label: string;
  className?: string;
}) {
  return (
    <NewTabButton
      link={async () => (await documentUrl(serviceId, fileName)).url}
      failure={(error) => (error.code === "NOT_FOUND" ? MESSAGES.noDocument : error.message)}
      {...(className ? { className } : {})}
    >
      {label}
    </NewTabButton>
  );
}
