import type { DiaryShare } from "@argine/core/diary/diary-api";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { errorCode } from "../../shared/http/http-error.ts";
import { CONFIRM_MODAL_ID } from "../../shared/modal/confirm-modal.tsx";
import { useModalStore } from "../../shared/modal/modal-store.ts";
import { DIARY_NEW_PATH, DIARY_PATH } from "../../shared/navigation/navigation.ts";
import formStyles from "../../shared/ui/form.module.css";
import { FieldFrame, FormMessage, StatusRegion } from "../../shared/ui/form-field.tsx";
import { PracticeSection } from "../practices/public.ts";
import styles from "./diary.module.css";
import { episodesCount, romeMoment } from "./diary-format.ts";
import { withPractice } from "./diary-page.tsx";
import {
  entriesQueryOptions,
  shareQueryOptions,
  useForgetDiaryOnQuickExit,
  useSetShare,
} from "./diary-queries.ts";
import { EntryList } from "./entry-list.tsx";

export const SHARE_LABEL = "Condividi il diario con gli avvocati di questa pratica";
export const NOT_SHARED = "La cliente non ha condiviso il diario.";

/**
 * «Diario degli episodi» on the case page (given to it by its route: the diary builds on practices). The
 * client: how many episodes the practice has, the diary filtered to it, and the switch that shares them with
 * the practice's lawyers (asked to confirm when turned on, off at once). Staff: the episodes, read only,
 * once she shares them.
 */
export function DiaryCaseSection({ practice, staff }: { practice: PracticeDetail; staff: boolean }) {
  useForgetDiaryOnQuickExit();
  return (
    <PracticeSection id="diario" title="Diario degli episodi">
      {staff ? <SharedEntries practiceId={practice.practiceId} /> : <ClientDiary practice={practice} />}
    </PracticeSection>
  );
}

function ClientDiary({ practice }: { practice: PracticeDetail }) {
  const entries = useQuery(entriesQueryOptions(practice.practiceId));
  const count = entries.data?.entries.length;
  return (
    <>
      <p>
        {count === undefined
          ? "Gli episodi che annoti nel tuo diario per questa pratica."
          : count === 0
            ? "Non hai ancora annotato episodi per questa pratica."
            : `Hai annotato ${episodesCount(count)} per questa pratica.`}
      </p>
      <p className={styles.actions}>
        <Link to={withPractice(DIARY_PATH, practice.practiceId)}>Apri il diario di questa pratica</Link>
        <Link to={withPractice(DIARY_NEW_PATH, practice.practiceId)}>Aggiungi un episodio</Link>
      </p>
      <ShareSwitch practiceId={practice.practiceId} />
    </>
  );
}

function ShareSwitch({ practiceId }: { practiceId: string }) {
  const modal = useModalStore();
  const share = useQuery({ ...shareQueryOptions(practiceId), meta: { hideError: true } });
  // The box follows the click at once; the saved state comes back with the answer (as the reminders' box).
  const [wanted, setWanted] = useState<boolean | null>(null);
  const [changed, setChanged] = useState(false);
  const change = useSetShare(practiceId, {
    meta: { hideError: true },
    onSuccess: () => setChanged(true),
  });
  if (share.isPending) return null;
  if (share.isError) return <FormMessage tone="error">{share.error.message}</FormMessage>;
  const current: DiaryShare = share.data;
  const send = (shared: boolean) => {
    setWanted(shared);
    return change.mutateAsync(shared).finally(() => setWanted(null));
  };
  const toggle = (shared: boolean) => {
    setChanged(false);
    change.reset();
    if (!shared) {
      void send(false).catch(() => {});
      return;
    }
    modal.open(CONFIRM_MODAL_ID, {
      title: "Condividere il diario con gli avvocati?",
      message:
        "Gli avvocati che seguono questa pratica potranno leggere gli episodi di questa pratica, con i loro allegati. Non vedranno gli altri episodi del tuo diario. Puoi smettere di condividerlo quando vuoi.",
      confirmLabel: "Sì, condividi",
      // A refusal is said under the switch, the dialog closed.
      onConfirm: () => send(true).catch(() => {}),
    });
  };
  return (
    <>
      <FieldFrame
        label={SHARE_LABEL}
        layout="checkbox"
        hint={
          <>
            Gli avvocati vedono solo gli episodi di questa pratica, mai il resto del diario. Puoi revocare la
            condivisione quando vuoi: da quel momento non li vedono più.
            {current.shared && current.sharedAt ? ` Condiviso dal ${romeMoment(current.sharedAt)}.` : ""}
          </>
        }
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            role="switch"
            aria-checked={wanted ?? current.shared}
            className={formStyles.checkboxInput}
            checked={wanted ?? current.shared}
            disabled={wanted !== null}
            onChange={(event) => toggle(event.target.checked)}
          />
        )}
      </FieldFrame>
      <StatusRegion>
        {changed ? (
          <FormMessage tone="success">
            {current.shared
              ? "Diario condiviso con gli avvocati di questa pratica."
              : "Condivisione revocata: gli avvocati non vedono più il diario."}
          </FormMessage>
        ) : null}
      </StatusRegion>
      {change.error ? <FormMessage tone="error">{change.error.message}</FormMessage> : null}
    </>
  );
}

/** A lawyer's read of the practice's episodes: refused (403) until the client shares them. */
function SharedEntries({ practiceId }: { practiceId: string }) {
  const entries = useQuery({ ...entriesQueryOptions(practiceId), meta: { hideError: ["FORBIDDEN"] } });
  if (entries.isPending) return <p role="status">Caricamento del diario…</p>;
  if (entries.isError)
    return errorCode(entries.error) === "FORBIDDEN" ? (
      <p>{NOT_SHARED}</p>
    ) : (
      <FormMessage tone="error">{entries.error.message}</FormMessage>
    );
  if (entries.data.entries.length === 0)
    return <p>La cliente ha condiviso il diario, ma non ci sono ancora episodi per questa pratica.</p>;
  return (
    <>
      <p className={styles.hint}>
        La cliente ha condiviso con voi gli episodi di questa pratica. Sono in sola lettura; ogni versione è
        sigillata con una marca temporale.
      </p>
      <EntryList entries={entries.data.entries} readOnly />
    </>
  );
}
