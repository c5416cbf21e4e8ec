import { formatMandateVersion } from "@argine/core/services/mandate";
import { MANDATE_MUST_ACCEPT } from "@argine/core/services/services-api";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import buttonStyles from "../../shared/ui/button.module.css";
import { formatMoment } from "../../shared/ui/dates.ts";
import formStyles from "../../shared/ui/form.module.css";
import { FieldFrame, FormMessage } from "../../shared/ui/form-field.tsx";
import { mandateQueryOptions, useAcceptMandate } from "./service-queries.ts";
import styles from "./services.module.css";

/**
 * Legal defence starts with the engagement letter (ADR 020): the client reads it, ticks the box and accepts
 * it; staff see whether and when, and which version, it was accepted.
 */
export function MandatePanel({
  serviceId,
  staff,
  onChanged,
}: {
  serviceId: string;
  staff: boolean;
  onChanged: () => Promise<unknown>;
}) {
  const letterId = useId();
  const mandate = useQuery(mandateQueryOptions(serviceId));
  const [ticked, setTicked] = useState(false);
  const [missingTick, setMissingTick] = useState(false);
  const accept = useAcceptMandate(serviceId, {
    meta: { hideError: true },
    onSuccess: () => onChanged(),
  });

  const body = () => {
    if (mandate.isPending) return <p>Caricamento del mandato…</p>;
    if (mandate.isError) return <FormMessage tone="error">{mandate.error.message}</FormMessage>;
    const { version, sections, acceptedAt, acceptedVersion } = mandate.data;
    const current = acceptedAt !== null && acceptedVersion === version;
    if (staff) {
      return acceptedAt ? (
        <p className={styles.accepted}>
          Mandato accettato il {formatMoment(acceptedAt)} ({formatMandateVersion(acceptedVersion ?? "")})
        </p>
      ) : (
        <p>In attesa che il cliente accetti il mandato</p>
      );
    }
    if (current) return <p className={styles.accepted}>Mandato accettato il {formatMoment(acceptedAt)}</p>;
    const submit = () => {
      if (!ticked) {
        setMissingTick(true);
        return;
      }
      accept.mutate(version);
    };
    return (
      <>
        <p>
          {acceptedAt
            ? "Il mandato è stato aggiornato: rileggilo e accettalo di nuovo perché l'avvocato possa continuare."
            : "Prima di iniziare la difesa legale, l'avvocato ha bisogno del tuo incarico: leggi il mandato qui sotto e, se sei d'accordo, accettalo. Finché non lo accetti il lavoro non può cominciare."}
        </p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the letter scrolls, so it takes the focus to be scrolled by keyboard */}
        <section className={styles.letter} aria-labelledby={letterId} tabIndex={0}>
          <h4 id={letterId}>Lettera d'incarico ({formatMandateVersion(version)})</h4>
          {sections.map((section) => (
            <div key={section.title}>
              <h5>{section.title}</h5>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          ))}
        </section>
        <FieldFrame
          label="Ho letto e accetto il mandato"
          layout="checkbox"
          error={missingTick && !ticked ? MANDATE_MUST_ACCEPT : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="checkbox"
              className={formStyles.checkboxInput}
              checked={ticked}
              onChange={(event) => setTicked(event.target.checked)}
            />
          )}
        </FieldFrame>
        <div className={styles.actions}>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
            disabled={accept.isPending}
            onClick={submit}
          >
            Accetto il mandato
          </button>
        </div>
        {accept.error ? <FormMessage tone="error">{accept.error.message}</FormMessage> : null}
      </>
    );
  };

  return (
    <fieldset className={styles.mandate}>
      <legend className={styles.mandateTitle}>Il mandato per la difesa legale</legend>
      {body()}
    </fieldset>
  );
}
