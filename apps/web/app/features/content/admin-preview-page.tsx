import { type FormEvent, useEffect, useRef, useState } from "react";
import { CONTENT_PAGES } from "../../content-pages.ts";
import styles from "../../shared/admin/admin.module.css";
import { AdminPage } from "../../shared/admin/admin-ui.tsx";
import buttonStyles from "../../shared/ui/button.module.css";
import formStyles from "../../shared/ui/form.module.css";
import { FieldFrame, SelectOptions } from "../../shared/ui/form-field.tsx";
import { loadContentSource } from "./content-sources.ts";
import type { ContentPageData } from "./content-types.ts";
import { ContentView } from "./content-view.tsx";
import { PreviewOverlay } from "./preview-overlay.tsx";

const PAGE_OPTIONS = CONTENT_PAGES.map((page) => ({ value: page.path, label: page.path }));

type Preview = { page: ContentPageData } | { error: string } | null;

/**
 * The editors' preview (spec §2 "content-preview mode"): a draft page's Markdown, frontmatter included,
 * shown as the site will show it once it is committed under apps/web/content. Picking a page puts its
 * current Markdown in the editor, to change from there. The renderer is the build's own, loaded only here.
 */
export function AdminPreviewPage() {
  const [path, setPath] = useState(CONTENT_PAGES[0]?.path ?? "/");
  const [source, setSource] = useState("");
  const [loading, setLoading] = useState(false);
  const [preview, setPreview] = useState<Preview>(null);
  const [sourceError, setSourceError] = useState<string | null>(null);
  /** The page whose Markdown is on its way; null once the editor has it, or once the admin has typed. */
  const awaited = useRef<string | null>(null);

  // The selected page's Markdown, as published. An answer for a page no longer selected, or arriving after
  // the admin started typing, never replaces what is in the editor.
  useEffect(() => {
    awaited.current = path;
    const page = CONTENT_PAGES.find((candidate) => candidate.path === path);
    if (!page) return;
    setSourceError(null);
    loadContentSource(page).then(
      (markdown) => {
        if (awaited.current !== path) return;
        awaited.current = null;
        setSource(markdown);
        setPreview(null);
      },
      () => {
        if (awaited.current !== path) return;
        awaited.current = null;
        setSourceError(`Non siamo riusciti a caricare il Markdown di ${path}.`);
      },
    );
  }, [path]);

  async function showPreview(event: FormEvent) {
    event.preventDefault();
    const page = CONTENT_PAGES.find((candidate) => candidate.path === path);
    if (!page) return;
    setLoading(true);
    try {
      const { buildPageData } = await import("./markdown.ts");
      setPreview({ page: buildPageData(page, source, `anteprima di ${page.path}`) });
    } catch (error) {
      setPreview({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setLoading(false);
    }
  }

  return (
    <AdminPage title="Anteprima dei contenuti">
      <p className={styles.intro}>
        Scegli una pagina: il suo Markdown attuale, con il frontmatter, compare qui sotto. Modificalo o
        incolla una bozza e guarda come apparirà sul sito prima di pubblicarla nella cartella
        apps/web/content.
      </p>
      <form onSubmit={showPreview} className={formStyles.form}>
        <FieldFrame label="Pagina del sito">
          {(control) => (
            <select
              {...control}
              className={formStyles.control}
              value={path}
              onChange={(event) => setPath(event.target.value)}
            >
              <SelectOptions options={PAGE_OPTIONS} />
            </select>
          )}
        </FieldFrame>
        <FieldFrame label="Markdown della pagina">
          {(control) => (
            <textarea
              {...control}
              className={`${formStyles.control} ${formStyles.textarea}`}
              rows={14}
              value={source}
              onChange={(event) => {
                awaited.current = null;
                setSource(event.target.value);
              }}
              placeholder={"---\ntitle: …\ndescription: …\nheading: …\n---\nTesto della pagina"}
            />
          )}
        </FieldFrame>
        {sourceError ? (
          <p role="alert" className={formStyles.alert}>
            {sourceError}
          </p>
        ) : null}
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
    </AdminPage>
  );
}
