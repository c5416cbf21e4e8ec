import { ORDER_STATUS, type Order } from "@argine/core/orders/orders-api";
import { casePath } from "@argine/core/practices/case-path";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { CONFIRM_MODAL_ID } from "../../shared/modal/confirm-modal.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";
import { PRACTICES_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatDay } from "../../shared/ui/dates.ts";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { Pager } from "../../shared/ui/pager.tsx";
import { OrderDocuments } from "./order-documents.tsx";
import {
  ORDERS_PAGE_SIZE,
  ORDERS_QUERY_KEY,
  ordersQueryOptions,
  withdrawFromOrder,
} from "./order-queries.ts";
import { OrderSummary } from "./order-summary.tsx";
import styles from "./orders.module.css";

// /dashboard/orders (spec §2 "Orders history", §3 "Order"): the services bought, the totals, the discount, the
// date and the practice, newest first, a page at a time (the page in the address, so Back keeps it); a paid
// order's invoice, receipt and credit notes to download.

export function OrdersPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("page"));
  const page = Number.isInteger(asked) && asked > 1 ? asked : 1;
  const orders = useQuery(ordersQueryOptions(page));
  const pages = orders.data ? Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE)) : 1;
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <>
      <h1 className={styles.title}>I tuoi ordini</h1>
      <section aria-labelledby="orders-results" aria-busy={orders.isFetching}>
        <h2 id="orders-results" className="visually-hidden">
          {orders.data ? `${orders.data.total} ${orders.data.total === 1 ? "ordine" : "ordini"}` : "Ordini"}
        </h2>
        {orders.isError ? (
          <FormMessage tone="error">
            Non riusciamo a caricare i tuoi ordini. Riprova fra qualche istante.
          </FormMessage>
        ) : orders.isPending ? (
          <p role="status">Caricamento dei tuoi ordini…</p>
        ) : orders.data.total === 0 ? (
          <>
            <p>Non hai ancora acquistato servizi.</p>
            <p>
              Puoi sceglierli dalla pagina di una tua pratica, tra i "Servizi disponibili".{" "}
              <Link to={PRACTICES_PATH}>Vai alle tue pratiche</Link>
            </p>
          </>
        ) : (
          <ul className={styles.orders}>
            {orders.data.data.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
        <Pager label="Pagine degli ordini" page={page} pages={pages} onChange={goTo} />
      </section>
    </>
  );
}

function OrderCard({ order }: { order: Order }) {
  return (
    <article aria-labelledby={`order-${order.id}`} className={styles.orderCard}>
      <div className={styles.orderHead}>
        <h3 id={`order-${order.id}`} className={styles.orderTitle}>
          Ordine del {formatDay(order.paidAt ?? order.createdAt)}
        </h3>
        <span>{ORDER_STATUS.label(order.status)}</span>
      </div>
      <p>
        Pratica <Link to={casePath(order.ticketCode)}>{order.ticketCode}</Link>
      </p>
      <OrderSummary order={order} />
      <OrderDocuments order={order} />
      {order.error ? <p className={styles.muted}>{order.error}</p> : null}
      {order.withdrawableUntil ? <Withdrawal order={order} until={order.withdrawableUntil} /> : null}
    </article>
  );
}

/**
 * The right of withdrawal (ADR 017): until 14 days after the payment the client may withdraw from the
 * services not begun yet and is refunded at once; for a service begun the API says to write to the lawyer,
 * and the error modal shows it.
 */
function Withdrawal({ order, until }: { order: Order; until: string }) {
  const queryClient = useQueryClient();
  const modal = useModalStore();
  const open = order.lines.filter((line) => !line.refunded && !line.pendingRefundId);
  const withdraw = useMutation({
    mutationFn: () =>
      withdrawFromOrder(
        order.id,
        open.map((line) => line.productCode),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
  const ask = () =>
    modal.open(CONFIRM_MODAL_ID, {
      title: "Vuoi esercitare il recesso?",
      message:
        `Annulliamo ${open.map((line) => line.name).join(", ")} e ti rimborsiamo subito ` +
        "con lo stesso mezzo di pagamento. Vale per i servizi non ancora iniziati.",
      confirmLabel: "Sì, esercita il recesso",
      onConfirm: () => withdraw.mutateAsync(),
    });
  return (
    <div className={styles.orderActions}>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={ask}>
        Esercita il recesso
      </button>
      <span className={styles.muted}>
        Possibile fino al {formatDay(until)} per i servizi non ancora iniziati.
      </span>
    </div>
  );
}
