import { ORDER_STATUS, type Order, PAYMENT_TYPE } from "@argine/core/orders/orders-api";
import { casePath } from "@argine/core/practices/case-path";
import { formatAmount } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { PRACTICES_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatDay } from "../../shared/ui/dates.ts";
import { FormMessage } from "../../shared/ui/form-field.tsx";
import { ORDERS_PAGE_SIZE, ordersQueryOptions } from "./order-queries.ts";
import styles from "./orders.module.css";

// /dashboard/orders (spec §2 "Orders history", §3 "Order"): the services bought, the totals, the discount, the
// date and the practice, newest first, a page at a time (the page in the address, so Back keeps it).

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
          {orders.data ? `${orders.data.total} ordini` : "Ordini"}
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
        {pages > 1 ? (
          <nav aria-label="Pagine degli ordini" className={styles.pager}>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              disabled={page <= 1}
              onClick={() => goTo(page - 1)}
            >
              Precedente
            </button>
            <span>
              Pagina {page} di {pages}
            </span>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              disabled={page >= pages}
              onClick={() => goTo(page + 1)}
            >
              Successiva
            </button>
          </nav>
        ) : null}
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
            <dt>Sconto</dt>
            <dd>− {formatAmount(order.discount)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>Totale (IVA inclusa)</dt>
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
      {order.error ? <p className={styles.muted}>{order.error}</p> : null}
    </article>
  );
}
