import type { DiaryEntry } from "@argine/core/diary/diary-api";
import { casePath } from "@argine/core/practices/case-path";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { TAKEDOWN_MAX_URLS } from "@argine/core/shared/constants";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { type PrefilledUrlsState, QUESTIONNAIRE_PATH } from "../../shared/navigation/navigation.ts";
import buttonStyles from "../../shared/ui/button.module.css";
import layoutStyles from "../../shared/ui/layout.module.css";
import { practiceQueryOptions } from "../practices/public.ts";
import styles from "./diary.module.css";

const SECONDARY = `${buttonStyles.button} ${buttonStyles.secondary}`;

const activeService = (practice: PracticeDetail, type: "TAKEDOWN" | "LEGALIZATION") =>
  practice.services.some((service) => service.serviceType === type && service.status !== "CANCELLED");

/**
 * The episode's links handed, in one step, to the takedown's form and to the capture's page of its
 * practice (in the navigation's state, never in the address); without the service, where to buy it.
 */
export function HandOff({ entry, urls }: { entry: DiaryEntry; urls: readonly string[] }) {
  const practice = useQuery({
    ...practiceQueryOptions(entry.practiceId ?? ""),
    enabled: entry.practiceId !== null && urls.length > 0,
    meta: { hideError: true },
  });
  const navigate = useNavigate();
  if (urls.length === 0) return null;
  const frame = (children: ReactNode) => (
    <section className={styles.section} aria-labelledby="diary-handoff">
      <h2 id="diary-handoff" className={styles.sectionTitle}>
        Usa i link nei servizi
      </h2>
      {children}
    </section>
  );
  if (entry.practiceId === null)
    return frame(
      <p>
        Questo episodio non è in una pratica. Per chiedere la rimozione dei contenuti o acquisirli come prova
        serve una pratica: si apre con il <Link to={QUESTIONNAIRE_PATH}>questionario gratuito</Link>.
      </p>,
    );
  if (!practice.data)
    return practice.isPending ? null : frame(<p>Non riusciamo a leggere la pratica dell'episodio.</p>);
  const detail = practice.data;
  const page = casePath(detail.ticketCode);
  if (detail.minorSexualContent || detail.status === "CLOSED")
    return frame(
      <p>
        {detail.minorSexualContent
          ? "Su questo caso non offriamo l'acquisizione forense né la rimozione: per le immagini di una persona minorenne segui le strade indicate nella pratica."
          : "La pratica è chiusa: non offre più servizi."}{" "}
        <Link to={page}>Vai alla pratica {detail.ticketCode}</Link>
      </p>,
    );
  const hand = (handed: string[]) =>
    navigate(page, { state: { prefilledUrls: handed } satisfies PrefilledUrlsState });
  return frame(
    <>
      <h3 className={styles.subTitle}>Rimozione dei contenuti</h3>
      {activeService(detail, "TAKEDOWN") ? (
        <>
          <p className={styles.actions}>
            <button
              type="button"
              className={SECONDARY}
              onClick={() => hand(urls.slice(0, TAKEDOWN_MAX_URLS))}
            >
              Usa questi link per la rimozione
            </button>
          </p>
          <p className={styles.hint}>
            Li trovi già scritti nel modulo della rimozione, nella pratica {detail.ticketCode}: controllali e
            inviali da lì.
            {urls.length > TAKEDOWN_MAX_URLS
              ? ` Il modulo accoglie ${TAKEDOWN_MAX_URLS} link alla volta: useremo i primi ${TAKEDOWN_MAX_URLS}.`
              : ""}
          </p>
        </>
      ) : (
        <p>
          La rimozione dei contenuti non è attiva sulla pratica {detail.ticketCode}: puoi acquistarla tra i
          «Servizi disponibili» della <Link to={page}>pagina della pratica</Link>.
        </p>
      )}
      <h3 className={styles.subTitle}>Acquisizione forense della pagina</h3>
      {activeService(detail, "LEGALIZATION") ? (
        <>
          <ul className={styles.urlList}>
            {urls.map((url) => (
              <li key={url} className={styles.actions}>
                <span className={styles.url}>{url}</span>
                <button
                  type="button"
                  className={SECONDARY}
                  aria-label={`Cattura questa pagina: ${url}`}
                  onClick={() => hand([url])}
                >
                  Cattura questa pagina
                </button>
              </li>
            ))}
          </ul>
          <p className={`${styles.hint} ${layoutStyles.mobileOnly}`}>
            La cattura si avvia da un computer: apri la pratica dal sito su un computer.
          </p>
        </>
      ) : (
        <p>
          L'acquisizione forense non è attiva sulla pratica {detail.ticketCode}: puoi acquistarla tra i
          «Servizi disponibili» della <Link to={page}>pagina della pratica</Link>.
        </p>
      )}
    </>,
  );
}
