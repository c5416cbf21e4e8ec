import buttonStyles from "../../shared/ui/button.module.css";
import type { useResendVerification } from "./account-queries.ts";

/**
 * "Invia di nuovo…" on a page that has already sent a link: sends it again to the address `to()` reads at the
 * click. The page shows the outcome where it wants it (RequestOutcome).
 */
export function ResendButton({
  resend,
  to,
  children,
}: {
  resend: Pick<ReturnType<typeof useResendVerification>, "isPending" | "mutate">;
  to: () => string;
  children: string;
}) {
  return (
    <button
      type="button"
      className={`${buttonStyles.button} ${buttonStyles.secondary}`}
      disabled={resend.isPending}
      onClick={() => resend.mutate(to())}
    >
      {children}
    </button>
  );
}
