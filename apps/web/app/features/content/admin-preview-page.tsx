import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { CONTENT_PAGES } from "../../content-pages.ts";
import styles from "../../shared/admin/admin.module.css";
import { AdminPage } from "../../shared/admin/admin-ui.tsx";
import formStyles from "../../shared/ui/form.module.css";
import { FormEnd, SelectField, TextAreaField } from "../../shared/ui/form-field.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { loadContentSource } from "./content-sources.ts";
import type { ContentPageData } from "./content-types.ts";
import { ContentView } from "./content-view.tsx";
import { PreviewOverlay } from "./preview-overlay.tsx";

const PAGE_OPTIONS = CONTENT_PAGES.map((page) => ({ value: page.path, label: page.path }));

// The content pages live in this app, not in the API: core has no schema of theirs, so the form's is here.
const PreviewFormSchema = z.object({ path: z.string(), source: z.string() });
type PreviewForm = z.infer<typeof PreviewFormSchema>;

type Preview = { page: ContentPageData } | { error: string } | null;

/**
 * The editors' preview (spec §2 "content-preview mode"): a draft page's Markdown, frontmatter included,
 * shown as the site will show it once it is committed under apps/web/content. Picking a page puts its
 * current Markdown in the editor, to change from there. The renderer is the build's own, loaded only here.
 */
export function AdminPreviewPage() {
  const [preview, setPreview] = useState<Preview>(null);
  const [sourceError, setSourceError] = useState<string | null>(null);
  /** The page whose Markdown is on its way; null once the editor has it, or once the admin has typed. */
  const awaited = useRef<string | null>(null);
  const previewForm = useCheckedForm<PreviewForm, PreviewForm, Preview>({
    resolver: schemaResolver(PreviewFormSchema),
    defaultValues: { path: CONTENT_PAGES[0]?.path ?? "/", source: "" },
    fieldNames: [],
    focusOnInvalid: "field",
    // The overlay says the preview is on its way.
    hideSpinner: true,
    // A draft the build refuses is a preview too: what is wrong with it, in place of the page.
    send: async ({ path, source }) => {
      const page = CONTENT_PAGES.find((candidate) => candidate.path === path);
      if (!page) return null;
      try {
        const { buildPageData } = await import("./markdown.ts");
        return { page: buildPageData(page, source, `anteprima di ${page.path}`) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    },
    onSuccess: (shown) => {
      if (shown) setPreview(shown);
    },
  });
  const { form, submit } = previewForm;
  const path = form.watch("path");

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
        form.setValue("source", markdown);
        setPreview(null);
      },
      () => {
        if (awaited.current !== path) return;
        awaited.current = null;
        setSourceError(`Non siamo riusciti a caricare il Markdown di ${path}.`);
      },
    );
  }, [path, form]);

  return (
    <AdminPage title="Anteprima dei contenuti">
      <p className={styles.intro}>
        Scegli una pagina: il suo Markdown attuale, con il frontmatter, compare qui sotto. Modificalo o
        incolla una bozza e guarda come apparirà sul sito prima di pubblicarla nella cartella
        apps/web/content.
      </p>
      <form onSubmit={previewForm.onSubmit} className={formStyles.form}>
        <SelectField label="Pagina del sito" options={PAGE_OPTIONS} {...previewForm.field("path")} />
        <TextAreaField
          label="Markdown della pagina"
          rows={14}
          placeholder={"---\ntitle: …\ndescription: …\nheading: …\n---\nTesto della pagina"}
          {...previewForm.field("source", {
            onChange: () => {
              awaited.current = null;
            },
          })}
        />
        {sourceError ? (
          <p role="alert" className={formStyles.alert}>
            {sourceError}
          </p>
        ) : null}
        <FormEnd
          form={previewForm}
          label="Mostra l'anteprima"
          pendingLabel="Mostra l'anteprima"
          disabled={false}
        />
      </form>
      {/* From the press of the button: the check of the form comes before the renderer's loading. */}
      <PreviewOverlay loading={form.formState.isSubmitting || submit.isPending} />
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
