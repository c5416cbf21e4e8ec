import { casePath } from "@argine/core/practices/case-path";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { cardErrorMessage } from "@argine/core/shared/messages";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ORDERS_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { OrderDocuments } from "../invoice/public.ts";
import { useCartOf } from "./cart-store.ts";
import { checkoutPath } from "./order-paths.ts";
import { OrderSummary } from "./order-summary.tsx";
import styles from "./orders.module.css";

// Spec §2 "Payment ok" and "Payment ko: retry", in the per-case area. The ok page offers the invoice and the
// receipt of the order just paid; they stay in "I tuoi ordini".

function Outcome({
  practice,
  title,
  children,
}: {
  practice: PracticeDetail;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.caseLine}>Pratica {practice.ticketCode}</p>
      {children}
    </>
  );
}

/** {base}/{ticketCode}/add-services/payment/success: what was bought and what happens next. */
export function PaymentSuccessPage({ practice }: { practice: PracticeDetail }) {
  const { order } = useCartOf(practice.practiceId);
  return (
    <Outcome practice={practice} title="Pagamento riuscito">
      {order ? (
        <section aria-labelledby="bought-title" className={styles.section}>
          <h2 id="bought-title" className={styles.sectionTitle}>
            Hai acquistato
          </h2>
          <OrderSummary order={order} />
          <OrderDocuments order={order} />
        </section>
      ) : (
        <p>Il tuo acquisto è registrato: lo trovi con i suoi servizi tra i tuoi ordini.</p>
      )}
      <p>
        Ti abbiamo inviato una email di conferma. I servizi sono attivi sulla pratica: il tuo avvocato li
        prende in carico e ti aggiorna lì.
      </p>
      {!order || order.invoiceUrl ? (
        <p className={styles.muted}>Fattura e ricevuta restano disponibili per un anno in "I tuoi ordini".</p>
      ) : null}
      <p>
        <Link to={casePath(practice.ticketCode)} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          Torna alla pratica
        </Link>{" "}
        <Link to={ORDERS_PATH}>Vedi i tuoi ordini</Link>
      </p>
    </Outcome>
  );
}

/** {base}/{ticketCode}/add-services/payment/error: the refusal's Italian message and "Riprova". */
export function PaymentErrorPage({ practice }: { practice: PracticeDetail }) {
  const { error } = useCartOf(practice.practiceId);
  return (
    <Outcome practice={practice} title="Il pagamento non è andato a buon fine">
      <div className={styles.outcomeMessage}>
        <FormMessage tone="error">{error ?? cardErrorMessage(undefined)}</FormMessage>
      </div>
      <p>
        Non ti è stato addebitato nulla. I servizi che avevi scelto sono ancora nel riepilogo: puoi riprovare,
        anche con un'altra carta o con una gift card.
      </p>
      <p>
        <Link
          to={checkoutPath(practice.ticketCode)}
          className={`${buttonStyles.button} ${buttonStyles.primary}`}
        >
          Riprova
        </Link>
      </p>
      <p>
        <Link to={casePath(practice.ticketCode)}>Torna alla pratica</Link>
      </p>
    </Outcome>
  );
}
