import { type Order, PAYMENT_TYPE } from "@argine/core/orders/orders-api";
import { formatAmount, fromCents, toCents } from "@argine/core/shared/money";
import type { ReactNode } from "react";
import styles from "./orders.module.css";

/** What went back of the order: its refunded lines' prices. */
export function refundedAmount(order: Order): number {
  return fromCents(
    order.lines.reduce((sum, line) => sum + (line.refunded ? toCents(line.finalPrice) : 0), 0),
  );
}

/**
 * An order as the client reads it, wherever it is shown (payment ok, the orders page, staff's case page):
 * each service with what it cost (and whether it was refunded), the list price, the discounts, the total
 * (paid, once it is), what was refunded and how it was paid. `lineAction` adds a control to a line (staff's
 * "Rimborsa").
 */
export function OrderSummary({
  order,
  lineAction,
}: {
  order: Order;
  lineAction?: (line: Order["lines"][number]) => ReactNode;
}) {
  const refunded = refundedAmount(order);
  return (
    <>
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={line.productCode} className={styles.line}>
            <p className={styles.lineName}>{line.name}</p>
            <p className={styles.linePrice}>
              {line.refunded ? <span className={styles.refunded}>Rimborsato </span> : null}
              {line.pendingRefundId ? <span className={styles.refunded}>Rimborso in corso </span> : null}
              {formatAmount(line.finalPrice)}
            </p>
            {lineAction?.(line)}
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>Prezzo di listino</dt>
          <dd>{formatAmount(order.total)}</dd>
        </div>
        {order.discount > 0 ? (
          <div>
            <dt>Sconti</dt>
            <dd>− {formatAmount(order.discount)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>{order.paidAt ? "Totale pagato (IVA inclusa)" : "Totale (IVA inclusa)"}</dt>
          <dd>{formatAmount(order.amount)}</dd>
        </div>
        {refunded > 0 ? (
          <div>
            <dt>Rimborsato</dt>
            <dd>{formatAmount(refunded)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Pagamento</dt>
          <dd className={styles.payment}>
            {PAYMENT_TYPE.label(order.paymentType)}
            {order.giftCardAmount > 0 && order.cardAmount > 0 ? (
              <>
                {" "}
                (gift card <span className={styles.nowrap}>{formatAmount(order.giftCardAmount)}</span>, carta{" "}
                <span className={styles.nowrap}>{formatAmount(order.cardAmount)}</span>)
              </>
            ) : null}
          </dd>
        </div>
      </dl>
    </>
  );
}
