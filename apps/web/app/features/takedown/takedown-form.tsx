import { type TakedownUrlsForm, TakedownUrlsFormSchema } from "@argine/core/services/takedown";
import { TAKEDOWN_MAX_URLS, VIDEO_CAPTURE_MARGIN_SECONDS } from "@argine/core/shared/constants";
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

/** Up to three links, the first mandatory (spec §5); sent once. */
export function TakedownForm({ onSubmit }: { onSubmit: (urls: string[]) => Promise<unknown> }) {
  const form = useCheckedForm({
    resolver: schemaResolver<TakedownUrlsForm, { urls: string[] }>(TakedownUrlsFormSchema),
    defaultValues: { urls: POSITIONS.map(() => "") },
    fieldNames: POSITIONS.map((i) => `urls.${i}` as const),
    focusOnInvalid: "field",
    send: ({ urls }) => onSubmit(urls),
  });
  return (
    <form className={formStyles.form} noValidate onSubmit={form.onSubmit}>
      <p>
        Indica fino a {TAKEDOWN_MAX_URLS} link ai contenuti da rimuovere. Per ciascuno prepariamo una
        segnalazione formale alla piattaforma. Potrai inviare i link una sola volta.
      </p>
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
      <FormEnd form={form} label="Invia i link" pendingLabel="Invio in corso…" />
    </form>
  );
}
