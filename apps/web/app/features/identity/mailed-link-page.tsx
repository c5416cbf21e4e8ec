import type { ReactNode } from "react";
import { Link } from "react-router";
import { LOGIN_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { AccountLayout, FocusHeading } from "./account-layout.tsx";
import { useSendUrlTokenOnce } from "./use-url-token.ts";

/**
 * A page a mailed link opens (/account/verify, /account/unlock): its one-time token is sent once, then the
 * server's word and the way to sign in, or why the link did not work. `after` adds what the page offers
 * beside (a new link) once the state is known.
 */
export function MailedLinkPage({
  title,
  send,
  pending,
  doneHeading,
  incomplete,
  after,
}: {
  title: string;
  send: (token: string) => Promise<{ message: string }>;
  pending: string;
  doneHeading: string;
  incomplete: string;
  after?: (state: { token: string | null; failed: boolean }) => ReactNode;
}) {
  const { token, result } = useSendUrlTokenOnce(send);
  return (
    <AccountLayout title={title}>
      <StatusRegion>{token && result.isPending ? <p>{pending}</p> : null}</StatusRegion>
      {result.isSuccess ? (
        <>
          <FocusHeading>{doneHeading}</FocusHeading>
          <FormMessage tone="success">
            <p>{result.data.message}</p>
          </FormMessage>
          <div className={formStyles.actions}>
            <Link to={LOGIN_PATH} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
              Accedi
            </Link>
          </div>
        </>
      ) : null}
      {!token ? (
        <FormMessage tone="error">
          <p>{incomplete}</p>
        </FormMessage>
      ) : null}
      {result.isError ? (
        <FormMessage tone="error">
          <p>{result.error.message}</p>
        </FormMessage>
      ) : null}
      {after?.({ token, failed: result.isError })}
    </AccountLayout>
  );
}
