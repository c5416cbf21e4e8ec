import type { DiaryEntry } from "@argine/core/diary/diary-api";
import { DIARY_PLATFORM, inOrderOfOccurrence } from "@argine/core/diary/entry";
import { Link } from "react-router";
import { diaryEntryPath } from "../../shared/navigation/navigation.ts";
import { AttachmentList } from "./attachment-list.tsx";
import styles from "./diary.module.css";
import {
  attachmentsCount,
  currentVersion,
  episodeDay,
  episodeTime,
  firstLine,
  sealText,
} from "./diary-format.ts";

/** «Sigillato il 3 dicembre 2026 alle 21:30», or «Sigillo in corso» while the timestamp is awaited. */
export function SealBadge({ sealedAt }: { sealedAt: string | null }) {
  return (
    <span className={styles.seal} data-pending={sealedAt ? undefined : true}>
      <span aria-hidden="true">{sealedAt ? "✓" : "…"}</span>
      {sealText(sealedAt)}
    </span>
  );
}

/**
 * The episodes as cards, in the order they happened: the day, the time (or that she does not remember it),
 * where, the first line of what happened, how many attachments, the seal. The client's cards open the
 * episode; `readOnly` (a lawyer of a practice she shares with) shows each one whole, without a link.
 */
export function EntryList({
  entries,
  readOnly = false,
}: {
  entries: readonly DiaryEntry[];
  readOnly?: boolean;
}) {
  return (
    <ol className={styles.entries}>
      {inOrderOfOccurrence(entries).map((entry) => (
        <li key={entry.id}>
          <EntryCard entry={entry} readOnly={readOnly} />
        </li>
      ))}
    </ol>
  );
}

function EntryCard({ entry, readOnly }: { entry: DiaryEntry; readOnly: boolean }) {
  const version = currentVersion(entry);
  const { fields } = version;
  // The day and the time name the card: two episodes of one day read apart, to a screen reader's list too.
  const day = `${episodeDay(fields.occurredOn)}, ${episodeTime(fields.occurredAt)}`;
  const attachments = entry.attachments.filter((attachment) => version.attachmentIds.includes(attachment.id));
  return (
    <article className={styles.card}>
      <h3 className={styles.cardTitle}>
        {readOnly ? day : <Link to={diaryEntryPath(entry.id)}>{day}</Link>}
      </h3>
      <p className={styles.cardMeta}>
        {DIARY_PLATFORM.label(fields.platform)} · {attachmentsCount(attachments.length)}
        {entry.versions.length > 1 ? ` · corretto (${entry.versions.length} versioni)` : ""}
      </p>
      {readOnly ? (
        <>
          <p className={styles.fullText}>{fields.what}</p>
          {fields.who ? <p className={styles.cardText}>Chi: {fields.who}</p> : null}
          {fields.urls.length ? (
            <ul className={styles.urlList}>
              {fields.urls.map((url) => (
                <li key={url} className={styles.url}>
                  {url}
                </li>
              ))}
            </ul>
          ) : null}
          {attachments.length ? <AttachmentList attachments={attachments} thumbnails={false} /> : null}
        </>
      ) : (
        <p className={styles.cardText}>{firstLine(fields.what)}</p>
      )}
      <SealBadge sealedAt={version.sealedAt} />
    </article>
  );
}
