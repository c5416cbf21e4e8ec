import { type FormEvent, useId, useState } from "react";
import { CONTENT_PAGES } from "../../content-pages.ts";
import type { ContentPageData } from "../content/content-types.ts";
import { ContentView } from "../content/content-view.tsx";
import { PreviewOverlay } from "../content/preview-overlay.tsx";
import buttonStyles from "../ui/button.module.css";
import formStyles from "../ui/form.module.css";
import styles from "./admin.module.css";

type Preview = { page: ContentPageData } | { error: string } | null;

/**
 * The editors' preview (spec §2 "content-preview mode"): a draft page's Markdown, frontmatter included,
 * shown as the site will show it once it is committed under apps/web/content. The renderer is the build's
 * own, loaded only here.
 */
export function AdminPreviewPage() {
  const pageFieldId = useId();
  const sourceFieldId = useId();
  const [path, setPath] = useState(CONTENT_PAGES[0]?.path ?? "/");
  const [source, setSource] = useState("");
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<Preview>(null);

  async function showPreview(event: FormEvent) {
    event.preventDefault();
    const page = CONTENT_PAGES.find((candidate) => candidate.path === path);
    if (!page) return;
    setLoading(true);
    try {
      const { buildPageData } = await import("../content/markdown.ts");
      setPreview({ page: buildPageData(page, source, `anteprima di ${page.path}`) });
    } catch (error) {
      setPreview({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setLoading(false);
    }
  }

  return (
    <section aria-labelledby="admin-preview-title" className={styles.section}>
      <h1 id="admin-preview-title" className={styles.title}>
        Anteprima dei contenuti
      </h1>
      <p className={styles.intro}>
        Incolla il Markdown di una pagina, con il suo frontmatter, e guarda come apparirà sul sito prima di
        pubblicarlo nella cartella apps/web/content.
      </p>
      <form onSubmit={showPreview} className={formStyles.form}>
        <div className={formStyles.field}>
          <label htmlFor={pageFieldId} className={formStyles.label}>
            Pagina del sito
          </label>
          <select
            id={pageFieldId}
            className={formStyles.control}
            value={path}
            onChange={(event) => setPath(event.target.value)}
          >
            {CONTENT_PAGES.map((page) => (
              <option key={page.path} value={page.path}>
                {page.path}
              </option>
            ))}
          </select>
        </div>
        <div className={formStyles.field}>
          <label htmlFor={sourceFieldId} className={formStyles.label}>
            Markdown della pagina
          </label>
          <textarea
            id={sourceFieldId}
            className={`${formStyles.control} ${formStyles.textarea}`}
            rows={14}
            value={source}
            onChange={(event) => setSource(event.target.value)}
            placeholder={"---\ntitle: …\ndescription: …\nheading: …\n---\nTesto della pagina"}
          />
        </div>
        <button type="submit" className={`${buttonStyles.button} ${buttonStyles.primary}`}>
          Mostra l'anteprima
        </button>
      </form>
      <PreviewOverlay loading={loading} />
      {preview && "error" in preview ? (
        <p role="alert" className={formStyles.alert}>
          Il Markdown non è valido: {preview.error}
        </p>
      ) : null}
      {preview && "page" in preview ? (
        <section aria-label="Anteprima" className={styles.preview}>
          <ContentView page={preview.page} />
        </section>
      ) : null}
    </section>
  );
}
