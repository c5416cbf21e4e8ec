import { PAYMENT_TYPE } from "@argine/core/orders/orders-api";
import { casePath } from "@argine/core/practices/case-path";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { cardErrorMessage } from "@argine/core/shared/messages";
import { formatAmount } from "@argine/core/shared/money";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ORDERS_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { useCartOf } from "./cart-store.ts";
import { checkoutPath } from "./order-paths.ts";
import styles from "./orders.module.css";

// Spec §2 "Payment ok" and "Payment ko: retry", in the per-case area. The invoice and receipt downloads come
// with the next issue: the ok page says where they will be, with no button that does nothing yet.

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
          <ul className={styles.lines}>
            {order.lines.map((line) => (
              <li key={line.productCode} className={styles.line}>
                <p className={styles.lineName}>{line.name}</p>
                <p className={styles.linePrice}>{formatAmount(line.finalPrice)}</p>
              </li>
            ))}
          </ul>
          <dl className={styles.totals}>
            {order.discount > 0 ? (
              <div>
                <dt>Sconti</dt>
                <dd>− {formatAmount(order.discount)}</dd>
              </div>
            ) : null}
            <div className={styles.total}>
              <dt>Totale pagato (IVA inclusa)</dt>
              <dd>{formatAmount(order.amount)}</dd>
            </div>
            <div>
              <dt>Pagamento</dt>
              <dd className={styles.payment}>{PAYMENT_TYPE.label(order.paymentType)}</dd>
            </div>
          </dl>
        </section>
      ) : (
        <p>Il tuo acquisto è registrato: lo trovi con i suoi servizi tra i tuoi ordini.</p>
      )}
      <p>
        Ti abbiamo inviato una email di conferma. I servizi sono attivi sulla pratica: il tuo avvocato li
        prende in carico e ti aggiorna lì.
      </p>
      <p className={styles.muted}>
        Fattura e ricevuta: presto potrai scaricarle da "I tuoi ordini". Stiamo preparando questa funzione.
      </p>
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
