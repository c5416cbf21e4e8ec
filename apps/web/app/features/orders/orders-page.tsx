import { ORDER_STATUS, type Order } from "@argine/core/orders/orders-api";
import { casePath } from "@argine/core/practices/case-path";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { toHttpError } from "../../shared/http/http-error.ts";
import { CONFIRM_MODAL_ID } from "../../shared/modal/confirm-modal.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";
import { PRACTICES_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatDay, formatUntilDay } from "../../shared/ui/dates.ts";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { Pager } from "../../shared/ui/pager.tsx";
import { OrderDocuments } from "../invoice/public.ts";
import { ORDERS_PAGE_SIZE, ordersQueryOptions, useWithdrawFromOrder } from "./order-queries.ts";
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
  const withdrawal = useWithdrawal(order);
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
      {order.withdrawableUntil && withdrawal.lines.length ? (
        <Withdrawal withdrawal={withdrawal} until={order.withdrawableUntil} />
      ) : null}
      {/* Kept after the orders are read again: the line refused may no longer be offered. */}
      {withdrawal.refusal ? <FormMessage tone="error">{withdrawal.refusal}</FormMessage> : null}
    </article>
  );
}

/**
 * The right of withdrawal (ADR 017): until 14 days after the payment the client may withdraw from the
 * services no one has started yet and is refunded at once. Which lines qualify is the server's rule (core
 * `lineWithdrawable`, each line's `withdrawable`), so nothing begun or delivered is offered; a refusal the
 * server still gives (a lawyer started the service meanwhile) is said with its own reason, not in the
 * generic error modal ("riprova fra qualche minuto").
 */
function useWithdrawal(order: Order) {
  const lines = order.lines.filter((line) => line.withdrawable);
  const withdraw = useWithdrawFromOrder({ meta: { hideError: true } });
  return {
    lines,
    run: () =>
      withdraw
        .mutateAsync({ orderId: order.id, productCodes: lines.map((line) => line.productCode) })
        .catch(() => undefined),
    refusal: withdraw.isError ? toHttpError(withdraw.error).message : null,
  };
}

function Withdrawal({ withdrawal, until }: { withdrawal: ReturnType<typeof useWithdrawal>; until: string }) {
  const modal = useModalStore();
  const names = withdrawal.lines.map((line) => line.name).join(", ");
  const ask = () =>
    modal.open(CONFIRM_MODAL_ID, {
      title: "Vuoi esercitare il recesso?",
      message: `Annulliamo ${names} e ti rimborsiamo subito con lo stesso mezzo di pagamento.`,
      confirmLabel: "Sì, esercita il recesso",
      // The dialog closes either way; a refusal is said in the order's card.
      onConfirm: withdrawal.run,
    });
  return (
    <div className={styles.orderActions}>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={ask}>
        Esercita il recesso
      </button>
      <span className={styles.muted}>
        Possibile {formatUntilDay(until)} per: {names}.
      </span>
    </div>
  );
}
