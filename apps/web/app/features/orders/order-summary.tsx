import { type Order, PAYMENT_TYPE } from "@argine/core/orders/orders-api";
import { formatAmount } from "@argine/core/shared/money";
import styles from "./orders.module.css";

/**
 * An order as the client reads it, wherever it is shown (payment ok, the orders page): each service with
 * what it cost, the list price, the discounts, the total (paid, once it is) and how it was paid.
 */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <>
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={line.productCode} className={styles.line}>
            <p className={styles.lineName}>{line.name}</p>
            <p className={styles.linePrice}>{formatAmount(line.finalPrice)}</p>
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
          <dt>{order.status === "PAID" ? "Totale pagato (IVA inclusa)" : "Totale (IVA inclusa)"}</dt>
          <dd>{formatAmount(order.amount)}</dd>
        </div>
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
