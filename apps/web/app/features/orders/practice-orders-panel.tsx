import { ORDER_STATUS, type Order, RefundCreateBodySchema } from "@argine/core/orders/orders-api";
import { REFUND_REASON, STAFF_REFUND_REASONS } from "@argine/core/orders/refunds";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { formatAmount, fromCents, toCents } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { Modal } from "../../shared/modal/modal.tsx";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatDay } from "../../shared/ui/dates.ts";
import formStyles from "../../shared/ui/form.module.css";
import {
  FormMessage,
  SelectField,
  SendError,
  StatusRegion,
  TextAreaField,
} from "../../shared/ui/form-field.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { practiceOrdersQueryOptions, type RefundBody, useRefundOrder } from "./order-queries.ts";
import { OrderSummary } from "./order-summary.tsx";
import styles from "./orders.module.css";

// Staff's refunds on the case page (ADR 017): the practice's paid orders with their services, a "Rimborsa"
// per service and for the whole order, a dialog asking the reason (and a note), then the refunded state. The
// practice's own query is refreshed too: its services show "annullato".

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;
const PRIMARY = `${buttonStyles.button} ${buttonStyles.primary}`;

/** What staff choose between: a withdrawal is the client's own call. */
const REASON_OPTIONS = STAFF_REFUND_REASONS.map((value) => ({
  value,
  label: REFUND_REASON.labels[value],
}));

const ReasonSchema = RefundCreateBodySchema.pick({ reason: true, note: true });
interface RefundValues {
  reason: string;
  note: string;
}

interface Asked {
  order: Order;
  lines: Order["lines"];
  /** A refund the provider did not confirm, sent again with its own id (never a second refund). */
  retryOf?: string;
}

export function PracticeOrdersPanel({ practice }: { practice: PracticeDetail }) {
  const orders = useQuery(practiceOrdersQueryOptions(practice.practiceId));
  const [asked, setAsked] = useState<Asked | null>(null);
  const [status, setStatus] = useState("");

  return (
    <TitledSection title="Ordini e rimborsi" className={styles.section} titleClassName={styles.sectionTitle}>
      <StatusRegion>{status}</StatusRegion>
      {orders.isError ? (
        <FormMessage tone="error">Non riusciamo a caricare gli ordini di questa pratica.</FormMessage>
      ) : orders.isPending ? (
        <p role="status">Caricamento degli ordini…</p>
      ) : orders.data.length === 0 ? (
        <p>Nessun ordine pagato per questa pratica.</p>
      ) : (
        <ul className={styles.orders}>
          {orders.data.map((order) => {
            const open = order.lines.filter((line) => !line.refunded && !line.pendingRefundId);
            return (
              <li key={order.id}>
                <article aria-labelledby={`staff-order-${order.id}`} className={styles.orderCard}>
                  <div className={styles.orderHead}>
                    <h3 id={`staff-order-${order.id}`} className={styles.orderTitle}>
                      Ordine del {formatDay(order.paidAt ?? order.createdAt)}
                    </h3>
                    <span>{ORDER_STATUS.label(order.status)}</span>
                  </div>
                  <OrderSummary
                    order={order}
                    lineAction={(line) => {
                      const retryOf = line.pendingRefundId;
                      if (retryOf) {
                        return (
                          <button
                            type="button"
                            className={SECONDARY}
                            onClick={() => {
                              setStatus("");
                              setAsked({
                                order,
                                lines: order.lines.filter((l) => l.pendingRefundId === retryOf),
                                retryOf,
                              });
                            }}
                          >
                            Riprova il rimborso<span className="visually-hidden"> di {line.name}</span>
                          </button>
                        );
                      }
                      return line.refunded ? null : (
                        <button
                          type="button"
                          className={SECONDARY}
                          onClick={() => {
                            setStatus("");
                            setAsked({ order, lines: [line] });
                          }}
                        >
                          Rimborsa<span className="visually-hidden"> {line.name}</span>
                        </button>
                      );
                    }}
                  />
                  {open.length > 1 ? (
                    <div className={styles.orderActions}>
                      <button
                        type="button"
                        className={SECONDARY}
                        onClick={() => {
                          setStatus("");
                          setAsked({ order, lines: open });
                        }}
                      >
                        Rimborsa l'intero ordine
                      </button>
                    </div>
                  ) : null}
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {asked ? (
        <RefundDialog
          asked={asked}
          practiceId={practice.practiceId}
          onClose={() => setAsked(null)}
          onDone={(what) => {
            setAsked(null);
            setStatus(`Rimborso eseguito: ${what}.`);
          }}
        />
      ) : null}
    </TitledSection>
  );
}

function RefundDialog({
  asked,
  practiceId,
  onClose,
  onDone,
}: {
  asked: Asked;
  practiceId: string;
  onClose: () => void;
  onDone: (what: string) => void;
}) {
  const refund = useRefundOrder(practiceId, SENT_BY_FORM);
  // One key per decision: sending again after a failure (the provider did not answer) is the same refund.
  const [idempotencyKey] = useState(() => asked.retryOf ?? crypto.randomUUID());
  const what = asked.lines.map((line) => line.name).join(", ");
  const amount = fromCents(asked.lines.reduce((sum, line) => sum + toCents(line.finalPrice), 0));
  const { field, submit, issuesPlaced, onSubmit } = useCheckedForm({
    resolver: schemaResolver<RefundValues, Pick<RefundBody, "reason" | "note">>(ReasonSchema),
    defaultValues: { reason: "STAFF", note: "" },
    fieldNames: ["reason", "note"],
    focusOnInvalid: "field",
    send: (body) =>
      refund.mutateAsync({
        orderId: asked.order.id,
        body: { ...body, productCodes: asked.lines.map((line) => line.productCode), idempotencyKey },
      }),
    onSuccess: () => onDone(what),
  });
  return (
    <Modal size="small" title="Confermi il rimborso?" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className={formStyles.form}>
        <p>
          Rimborsiamo {what}: {formatAmount(amount)} tornano al cliente con lo stesso mezzo di pagamento, i
          servizi vengono annullati e, se l'ordine ha una fattura, emettiamo la nota di credito.
        </p>
        <SelectField label="Motivo" options={REASON_OPTIONS} required {...field("reason")} />
        <TextAreaField
          label="Nota interna (facoltativa)"
          hint="Resta nel registro dei rimborsi, il cliente non la vede."
          rows={3}
          maxLength={1000}
          {...field("note")}
        />
        <SendError error={submit.error} issuesPlaced={issuesPlaced} />
        <div className={formStyles.actions}>
          <button type="button" className={SECONDARY} onClick={onClose}>
            Annulla
          </button>
          <button type="submit" className={PRIMARY} disabled={submit.isPending}>
            {submit.isPending ? "Rimborso in corso…" : "Conferma il rimborso"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
