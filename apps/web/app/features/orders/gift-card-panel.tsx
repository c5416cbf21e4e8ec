import { giftCardUsable } from "@argine/core/orders/cart-state";
import type { GiftCard } from "@argine/core/orders/orders-api";
import { SERVICE_TYPE } from "@argine/core/services/service-type";
import { RequiredStringSchema } from "@argine/core/shared/fields";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatAmount } from "@argine/core/shared/money";
import { z } from "zod";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import { formatUntilDay } from "../../shared/ui/dates.ts";
import { FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { CodeForm } from "./code-form.tsx";
import { useRequestGiftCard, verifyGiftCard } from "./order-queries.ts";
import styles from "./orders.module.css";

// The gift cards at checkout (ADR 014): the user's own cards offered, a card's code typed in, or the promo
// gift card requested with a promo code. A gift card pays what it can; the card pays the rest.

const CodeSchema = z.object({ code: RequiredStringSchema });
const PromoSchema = z.object({ promo: RequiredStringSchema });

/** "150,00 € · valida fino al 31/12/2026 · solo Difesa Legale". */
export function giftCardTerms(card: GiftCard): string {
  return [
    `${formatAmount(card.balance)} disponibili`,
    card.expiresAt ? `valida ${formatUntilDay(card.expiresAt)}` : null,
    card.productCodes.length ? `solo ${card.productCodes.map(SERVICE_TYPE.label).join(", ")}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function GiftCardPanel({
  cards,
  chosen,
  onChoose,
}: {
  /** The user's cards and those typed in during this checkout. */
  cards: readonly GiftCard[];
  chosen: GiftCard | null;
  onChoose: (card: GiftCard) => void;
}) {
  const requestGiftCard = useRequestGiftCard(SENT_BY_FORM);
  const now = new Date();
  const usable = cards.filter((card) => giftCardUsable(card, now));
  const byCode = useCheckedForm({
    resolver: schemaResolver<{ code: string }, { code: string }>(CodeSchema),
    defaultValues: { code: "" },
    fieldNames: ["code"],
    focusOnInvalid: "field",
    send: ({ code }) => verifyGiftCard(code),
    fieldOfError: () => "code",
    onSuccess: (card) => {
      if (!giftCardUsable(card, new Date())) {
        byCode.form.setError(
          "code",
          { type: "server", message: MESSAGES.giftCardRefused },
          { shouldFocus: true },
        );
        return;
      }
      onChoose(card);
      byCode.form.reset();
    },
  });
  const promo = useCheckedForm({
    resolver: schemaResolver<{ promo: string }, { promo: string }>(PromoSchema),
    defaultValues: { promo: "" },
    fieldNames: ["promo"],
    focusOnInvalid: "field",
    send: ({ promo: code }) => requestGiftCard.mutateAsync(code),
    fieldOfError: () => "promo",
    onSuccess: (card) => {
      onChoose(card);
      promo.form.reset();
    },
  });

  return (
    <div>
      {usable.length ? (
        <>
          <h3 className={styles.subTitle}>Le tue gift card</h3>
          <ul className={styles.lines}>
            {usable.map((card) => (
              <li key={card.code} className={styles.line}>
                <p className={styles.lineName}>
                  {card.code}
                  <span className={styles.muted}> · {giftCardTerms(card)}</span>
                </p>
                {chosen?.code === card.code ? (
                  <p className={styles.linePrice}>In uso</p>
                ) : (
                  <button type="button" className={styles.linkButton} onClick={() => onChoose(card)}>
                    Usa questa gift card<span className="visually-hidden"> {card.code}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <CodeForm form={byCode} name="code" label="Codice della gift card" action="Usa la gift card" />
      <CodeForm
        form={promo}
        name="promo"
        label="Codice promozionale"
        hint="Con un codice promozionale ricevi una gift card per la Difesa Legale (una per persona)."
        action="Richiedi la gift card promozionale"
      />
      <StatusRegion>
        {promo.submit.data ? (
          <FormMessage tone="success">
            Gift card promozionale attivata: {giftCardTerms(promo.submit.data)}.
          </FormMessage>
        ) : null}
      </StatusRegion>
    </div>
  );
}
