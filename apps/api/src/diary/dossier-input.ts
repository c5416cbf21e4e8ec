import type { AttachmentKind } from "@argine/core/diary/attachments";
import type { DiaryEntryFields } from "@argine/core/diary/entry";
import type { FeedbackResult } from "@argine/core/feedback/result";

// What the dossier is made of (issue 40): read by the dossier job (dossier-service.ts) from the database
// and the storage, rendered by dossier-pdf.ts and packed by dossier-zip.ts. A seal is the TSA's whole
// answer (TimeStampResp, DER: the `.tsr` that `openssl ts -verify -in` reads), or null while it waits.

export interface DossierSeal {
  /** The SHA-256 (hex) that was sealed. */
  sha256: string;
  /** The `.tsr` bytes; null when the TSA has not answered yet (the dossier says so, and has no token). */
  token: Uint8Array | null;
  sealedAt: Date | null;
  serial: string | null;
}

export interface DossierAttachment {
  id: string;
  fileName: string;
  kind: AttachmentKind;
  size: number;
  seal: DossierSeal;
  /** The stored bytes, read when the ZIP or a thumbnail needs them (a video may be 200 MB). */
  bytes(): Promise<Uint8Array>;
}

export interface DossierVersion {
  version: number;
  fields: DiaryEntryFields;
  receivedAt: Date;
  /** The canonical JSON that was sealed (core diary/entry.ts sealedBytes), written in the ZIP as it is. */
  sealedJson: string;
  seal: DossierSeal;
  /** The ids of this version's attachments (DossierEntry.attachments holds them). */
  attachmentIds: string[];
}

export interface DossierEntry {
  entryId: string;
  /** Newest first: versions[0] is how the entry reads now; the others are its sealed corrections' history. */
  versions: DossierVersion[];
  /** Every attachment any version lists. */
  attachments: DossierAttachment[];
}

/** What she told the questionnaire that the complaint needs first: what, when, and in her words. */
export interface QuestionnaireFacts {
  category: string | null;
  firstEventDate: string | null;
  lastEventDate: string | null;
  ongoing: boolean;
  knowledgeDate: string | null;
  description: string | null;
}

export interface DossierInput {
  /** The client's name as she gave it (the dossier is hers, to hand to the police or her lawyer). */
  clientName: string;
  /** The practice the dossier is for, with its questionnaire's facts and result; null for the whole diary. */
  practice: {
    ticketCode: string;
    createdAt: Date;
    facts: QuestionnaireFacts;
    feedback: FeedbackResult | null;
  } | null;
  /** In the order the incidents happened: the day, then the time (an unknown time first on its day). */
  entries: DossierEntry[];
  generatedAt: Date;
  /** The TSA's certificates up to the root, PEM (TimestampAuthority.chain()): `tsa-chain.pem` in the ZIP. */
  tsaChainPem: string;
  /** Told how far the making is, 0 to 1, as attachments are read: the job writes it for the screen. */
  onProgress?: (fraction: number) => void | Promise<void>;
}
