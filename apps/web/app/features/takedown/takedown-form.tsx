import { type TakedownUrlsForm, TakedownUrlsFormSchema } from "@argine/core/services/takedown";
import { TAKEDOWN_MAX_URLS, VIDEO_CAPTURE_MARGIN_SECONDS } from "@argine/core/shared/constants";
import { useEffect, useRef, useState } from "react";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FormEnd, SendError, TextField } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import styles from "./takedown.module.css";

const POSITIONS = Array.from({ length: TAKEDOWN_MAX_URLS }, (_, i) => i);

/** The evidence advice of spec §9, before the form: once removed, the content cannot be captured any more. */
export function TakedownAdvice() {
  return (
    <div className={styles.advice}>
      <p>
        <strong>Prima di chiedere la rimozione, conserva le prove.</strong> Quando il contenuto viene rimosso
        non è più possibile documentarlo: se non l'hai ancora fatto, acquisiscilo con la legalizzazione delle
        prove.
      </p>
      <p>
        Per un video, registra anche i {VIDEO_CAPTURE_MARGIN_SECONDS} secondi prima e i{" "}
        {VIDEO_CAPTURE_MARGIN_SECONDS} secondi dopo il momento che ti riguarda: il contesto aiuta a dimostrare
        cosa è successo.
      </p>
    </div>
  );
}

/**
 * Up to three links, the first mandatory (spec §5); sent once, so after a check of the list: the links as they
 * will be sent (https:// added where it was missing), then "Conferma e invia" or "Modifica" back to the form.
 */
export function TakedownForm({
  onSubmit,
  prefilled = [],
}: {
  onSubmit: (urls: string[]) => Promise<unknown>;
  /** Links handed over by another screen (a diary's episode, issue 40): written in, to check and send. */
  prefilled?: readonly string[];
}) {
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const checkHeading = useRef<HTMLHeadingElement>(null);
  const form = useCheckedForm({
    resolver: schemaResolver<TakedownUrlsForm, { urls: string[] }>(TakedownUrlsFormSchema),
    defaultValues: { urls: POSITIONS.map((i) => prefilled[i] ?? "") },
    fieldNames: POSITIONS.map((i) => `urls.${i}` as const),
    focusOnInvalid: "field",
    // The form's submit only shows the list to check; "Conferma e invia" sends it.
    shouldSend: ({ urls }) => {
      setConfirming(urls);
      return false;
    },
    send: ({ urls }) => onSubmit(urls),
  });
  useEffect(() => {
    if (confirming) checkHeading.current?.focus();
  }, [confirming]);
  // Links handed over: the keyboard (and the page) goes to the first, to check them.
  const handedOver = prefilled.length > 0;
  useEffect(() => {
    if (handedOver) form.form.setFocus("urls.0");
  }, [handedOver, form.form]);
  const edit = () => {
    setConfirming(null);
    form.form.setFocus("urls.0");
  };
  return (
    <>
      {confirming ? (
        <div className={styles.check}>
          <h5 ref={checkHeading} tabIndex={-1} className={styles.checkTitle}>
            Controlla i link: dopo l'invio non potrai modificarli
          </h5>
          <ol className={styles.list}>
            {confirming.map((url, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while shown, and a link may repeat
              <li key={i} className={styles.url}>
                {url}
              </li>
            ))}
          </ol>
          <div className={formStyles.actions}>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.primary}`}
              disabled={form.submit.isPending}
              onClick={() =>
                // A refusal goes back to the form, where the API's issues sit under their links.
                form.submit.mutate({ urls: confirming }, { onError: () => setConfirming(null) })
              }
            >
              {form.submit.isPending ? "Invio in corso…" : "Conferma e invia"}
            </button>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              disabled={form.submit.isPending}
              onClick={edit}
            >
              Modifica
            </button>
          </div>
        </div>
      ) : null}
      {/* Kept while the list is checked, so "Modifica" finds what was typed; hidden by its own box, as the
          form's class sets a display of its own. */}
      <div hidden={confirming !== null}>
        <form className={formStyles.form} noValidate onSubmit={form.onSubmit}>
          <p>
            Indica fino a {TAKEDOWN_MAX_URLS} link ai contenuti da rimuovere. Per ciascuno prepariamo una
            segnalazione formale alla piattaforma. Potrai inviare i link una sola volta: prima dell'invio te
            li facciamo controllare.
          </p>
          {handedOver ? (
            <p className={styles.prefilled}>
              Abbiamo scritto qui i link dal tuo diario degli episodi: controllali prima di inviarli.
            </p>
          ) : null}
          <SendError error={form.submit.error} issuesPlaced={form.issuesPlaced} />
          {POSITIONS.map((i) => (
            <TextField
              key={i}
              label={i === 0 ? "Primo link" : `Link ${i + 1} (facoltativo)`}
              required={i === 0}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              {...form.field(`urls.${i}`)}
            />
          ))}
          <FormEnd form={form} label="Controlla i link" />
        </form>
      </div>
    </>
  );
}
