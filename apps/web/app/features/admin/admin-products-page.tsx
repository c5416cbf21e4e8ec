import {
  type AdminProduct,
  type AdminProductPatch,
  type ProductForm,
  ProductFormSchema,
} from "@argine/core/catalogue/admin-api";
import { MESSAGES } from "@argine/core/shared/messages";
import { formatAmount, formatEuroInput, parseEuroAmount } from "@argine/core/shared/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { HttpError } from "../http/http-error.ts";
import { PRODUCTS_QUERY_KEY } from "../products/product-queries.ts";
import formStyles from "../ui/form.module.css";
import {
  CheckboxField,
  FormMessage,
  RequiredNote,
  StatusRegion,
  TextAreaField,
  TextField,
} from "../ui/form-field.tsx";
import { applyServerIssues, visibleError } from "../ui/form-state.ts";
import styles from "./admin.module.css";
import { adminProductsQueryOptions, updateProduct } from "./admin-api.ts";
import {
  DataTable,
  ErrorSummary,
  ListLoader,
  PRIMARY,
  SECONDARY,
  SMALL_SECONDARY,
  StateBadge,
  type SummaryField,
  useFocusOnMount,
} from "./admin-ui.tsx";

// /dashboard/admin/products: the whole catalogue, inactive products too, and the edit form of one product.
// Amounts are shown as "1.234,50 €" and typed as "49,90" or "49.90"; prices include VAT (spec §9).

const FIELDS: readonly SummaryField<ProductForm>[] = [
  { name: "name", label: "Nome" },
  { name: "description", label: "Descrizione" },
  { name: "price", label: "Prezzo" },
  { name: "discountedPrice", label: "Prezzo scontato" },
  { name: "order", label: "Ordine" },
  { name: "active", label: "Attivo" },
];
const FIELD_NAMES = FIELDS.map((f) => f.name);

const editButtonId = (code: string) => `admin-product-edit-${code}`;

function productValues(product: AdminProduct): ProductForm {
  return {
    name: product.name,
    description: product.description,
    price: formatEuroInput(product.price),
    discountedPrice: formatEuroInput(product.discountedPrice),
    order: String(product.order),
    active: product.active,
  };
}

/** Only what changed, so two admins editing different fields of one product do not undo each other. */
export function productPatch(form: ProductForm, product: AdminProduct): AdminProductPatch {
  const price = parseEuroAmount(form.price) ?? product.price;
  const discountedPrice = parseEuroAmount(form.discountedPrice) ?? product.discountedPrice;
  const order = Number(form.order);
  return {
    ...(form.name === product.name ? {} : { name: form.name }),
    ...(form.description === product.description ? {} : { description: form.description }),
    ...(price === product.price ? {} : { price }),
    ...(discountedPrice === product.discountedPrice ? {} : { discountedPrice }),
    ...(order === product.order ? {} : { order }),
    ...(form.active === product.active ? {} : { active: form.active }),
  };
}

export function AdminProductsPage() {
  const query = useQuery(adminProductsQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const close = (code: string) => {
    setEditing(null);
    // Back to the button that opened the form, so the keyboard does not fall to the top of the page.
    setTimeout(() => document.getElementById(editButtonId(code))?.focus(), 0);
  };

  return (
    <section aria-labelledby="admin-products-title" className={styles.section}>
      <h1 id="admin-products-title" className={styles.title}>
        Prodotti e prezzi
      </h1>
      <p className={styles.intro}>
        I servizi in vendita, anche quelli non attivi. I prezzi sono IVA inclusa; un prodotto non attivo
        sparisce dal catalogo pubblico. Le modifiche sono visibili subito sul sito.
      </p>
      <StatusRegion>{status ? <FormMessage tone="success">{status}</FormMessage> : null}</StatusRegion>
      <ListLoader query={query} what="il catalogo">
        {(products) => {
          const current = products.find((p) => p.code === editing);
          return (
            <>
              <DataTable caption={`Catalogo: ${products.length} prodotti, nell'ordine in cui appaiono`}>
                <thead>
                  <tr>
                    <th scope="col">Codice</th>
                    <th scope="col">Nome</th>
                    <th scope="col" className={styles.number}>
                      Prezzo
                    </th>
                    <th scope="col" className={styles.number}>
                      Prezzo scontato
                    </th>
                    <th scope="col" className={styles.number}>
                      IVA
                    </th>
                    <th scope="col" className={styles.number}>
                      Ordine
                    </th>
                    <th scope="col">Stato</th>
                    <th scope="col">Azioni</th>
                  </tr>
                </thead>
                <tbody>
                  {products.map((product) => (
                    <tr key={product.code} className={product.code === editing ? styles.selected : undefined}>
                      <th scope="row">{product.code}</th>
                      <td>{product.name}</td>
                      <td className={styles.number}>{formatAmount(product.price)}</td>
                      <td className={styles.number}>{formatAmount(product.discountedPrice)}</td>
                      <td className={styles.number}>{product.vatRate}%</td>
                      <td className={styles.number}>{product.order}</td>
                      <td>
                        <StateBadge on={product.active} labels={["Attivo", "Non attivo"]} />
                      </td>
                      <td>
                        <button
                          type="button"
                          id={editButtonId(product.code)}
                          className={SMALL_SECONDARY}
                          onClick={() => {
                            setStatus(null);
                            setEditing(product.code);
                          }}
                        >
                          Modifica<span className="visually-hidden"> {product.code}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
              {current ? (
                <ProductEditForm
                  key={current.code}
                  product={current}
                  onSaved={(updated) =>
                    setStatus(
                      `Prodotto ${updated.code} salvato: prezzo ${formatAmount(updated.price)}, scontato ${formatAmount(updated.discountedPrice)}${updated.active ? "" : ", non attivo"}.`,
                    )
                  }
                  onCancel={() => close(current.code)}
                />
              ) : (
                <p className={styles.muted}>
                  Per cambiare nome, prezzi o stato di un prodotto scegli «Modifica».
                </p>
              )}
            </>
          );
        }}
      </ListLoader>
    </section>
  );
}

export function ProductEditForm({
  product,
  onSaved,
  onCancel,
}: {
  product: AdminProduct;
  onSaved: (product: AdminProduct) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(true);
  const summaryRef = useRef<HTMLElement>(null);
  const { register, handleSubmit, formState, setError, setFocus, reset } = useForm<ProductForm>({
    resolver: zodResolver(ProductFormSchema),
    mode: "onTouched",
    defaultValues: productValues(product),
    shouldFocusError: false,
  });
  const [issuesPlaced, setIssuesPlaced] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const save = useMutation({
    mutationFn: (patch: AdminProductPatch) => updateProduct(product.code, patch),
    meta: { hideError: true },
    onSuccess: (updated) => {
      queryClient.setQueryData(adminProductsQueryOptions().queryKey, (list) =>
        list?.map((p) => (p.code === updated.code ? updated : p)),
      );
      // The public catalogue this browser has cached shows the new prices too.
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
      reset(productValues(updated));
      onSaved(updated);
    },
    onError: (error: HttpError) =>
      setIssuesPlaced(applyServerIssues(error, { setError, setFocus }, FIELD_NAMES)),
  });
  const error = (name: keyof ProductForm) => visibleError(formState, name);

  return (
    <section className={styles.panel} aria-labelledby="admin-product-form-title">
      <h2 id="admin-product-form-title" ref={headingRef} tabIndex={-1} className={styles.panelTitle}>
        Modifica del prodotto {product.code}
      </h2>
      <form
        className={`${formStyles.form} ${formStyles.wide}`}
        noValidate
        onSubmit={handleSubmit(
          (values) => {
            setIssuesPlaced(false);
            const patch = productPatch(values, product);
            setUnchanged(Object.keys(patch).length === 0);
            if (Object.keys(patch).length > 0) save.mutate(patch);
          },
          () => setTimeout(() => summaryRef.current?.focus(), 0),
        )}
      >
        <RequiredNote />
        <ErrorSummary formState={formState} fields={FIELDS} onSelect={setFocus} summaryRef={summaryRef} />
        {save.error && !issuesPlaced ? <FormMessage tone="error">{save.error.message}</FormMessage> : null}
        {unchanged ? <FormMessage tone="info">{MESSAGES.nothingToChange}</FormMessage> : null}
        <TextField label="Nome" required registration={register("name")} error={error("name")} />
        <TextAreaField
          label="Descrizione"
          required
          rows={3}
          registration={register("description")}
          error={error("description")}
        />
        <div className={formStyles.row}>
          <TextField
            label="Prezzo (€, IVA inclusa)"
            inputMode="decimal"
            autoComplete="off"
            hint="Per esempio 49,90."
            required
            registration={register("price")}
            error={error("price")}
          />
          <TextField
            label="Prezzo scontato (€)"
            inputMode="decimal"
            autoComplete="off"
            hint="Uguale al prezzo se non c'è sconto; mai più alto."
            required
            registration={register("discountedPrice")}
            error={error("discountedPrice")}
          />
        </div>
        <TextField
          label="Ordine"
          inputMode="numeric"
          autoComplete="off"
          hint="La posizione nel catalogo: i numeri più bassi vengono prima."
          required
          registration={register("order")}
          error={error("order")}
        />
        <CheckboxField
          label="Attivo: il prodotto è in vendita e compare nel catalogo pubblico"
          registration={register("active")}
          error={error("active")}
        />
        <div className={formStyles.actions}>
          <button type="submit" className={PRIMARY} disabled={save.isPending}>
            {save.isPending ? "Salvataggio in corso…" : "Salva il prodotto"}
          </button>
          <button type="button" className={SECONDARY} onClick={onCancel}>
            Chiudi
          </button>
        </div>
      </form>
    </section>
  );
}
