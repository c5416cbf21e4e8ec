import { describe, expect, it } from "vitest";
import type { Offence } from "../feedback/result.ts";
import { takedownNotice, takedownNoticeText } from "./notice.ts";
import { platformOf } from "./platforms.ts";

const offence: Offence = {
  code: "REVENGE_PORN",
  article: "612-ter c.p.",
  title: "Diffusione illecita di immagini o video sessualmente espliciti",
  procedibility: "QUERELA",
  complaintDeadline: "2027-01-10",
  prescriptionDate: "2032-06-10",
  penalty: "da 1 a 6 anni",
  aggravations: [],
  certain: true,
};

describe("the DSA notice of a URL", () => {
  const url = "https://www.instagram.com/p/abc/";

  it("says why the content is illegal with the feedback's articles, the URL, who notifies, the good faith", () => {
    const text = takedownNoticeText(
      takedownNotice({
        url,
        platform: platformOf(url),
        offences: [offence],
        notifier: { name: "Giulia Bianchi", email: "giulia@example.org", lawyer: false },
        ticketCode: "AR-TEST0001",
      }),
    );
    expect(text).toContain("Spett.le Instagram (Meta)");
    expect(text).toContain("Regolamento (UE) 2022/2065");
    expect(text).toContain(
      "– Diffusione illecita di immagini o video sessualmente espliciti (art. 612-ter c.p.)",
    );
    expect(text).toContain(`Indirizzo esatto (URL) del contenuto: ${url}`);
    expect(text).toContain("Autore della segnalazione: Giulia Bianchi, email giulia@example.org.");
    expect(text).toContain("Dichiaro in buona fede che le informazioni e le affermazioni");
    expect(text).toContain("pratica Argine AR-TEST0001");
  });

  it("is signed by the lawyer for an anonymous practice, and still says why without a feedback", () => {
    const notice = takedownNotice({
      url: "https://example.org/x",
      platform: null,
      offences: [],
      notifier: { name: "Marco Rossi", email: "avvocato@example.org", lawyer: true },
      ticketCode: "AR-TEST0002",
    });
    const text = takedownNoticeText(notice);
    expect(text).toContain("Spett.le gestore del servizio");
    expect(text).toContain(
      "Avv. Marco Rossi, email avvocato@example.org, per conto della persona interessata",
    );
    expect(text).toContain("non ha dato il proprio consenso");
  });
});
