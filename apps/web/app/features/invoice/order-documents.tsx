import { wasPaid } from "@argine/core/orders/lifecycle";
import type { Order } from "@argine/core/orders/orders-api";
import styles from "./invoice.module.css";

/**
 * An order's invoice, receipt and credit notes as downloads (ADR 016): each link is the document's own
 * token, answered as an attachment. A paid order of 0 € has none, and says why.
 */
export function OrderDocuments({ order }: { order: Order }) {
  // A paid order keeps its documents when some or all of it is refunded: the credit notes join them.
  if (!wasPaid(order.status)) return null;
  if (!order.invoiceUrl && !order.receiptUrl) {
    return order.amount === 0 ? (
      <p className={styles.muted}>Non hai pagato nulla per questo ordine: non ci sono fattura né ricevuta.</p>
    ) : null;
  }
  return (
    <ul className={styles.documents}>
      {order.invoiceUrl ? (
        <li>
          <a href={order.invoiceUrl} download>
            Scarica la fattura
          </a>
        </li>
      ) : null}
      {order.receiptUrl ? (
        <li>
          <a href={order.receiptUrl} download>
            Scarica la ricevuta
          </a>
        </li>
      ) : null}
      {order.creditNotes.map((note) => (
        <li key={note.number}>
          <a href={note.url} download>
            Scarica la nota di credito {note.number}
          </a>
        </li>
      ))}
    </ul>
  );
}
