import type { AdminProduct, AdminProductPatch } from "@argine/core/catalogue/admin-api";
import { type ProductForm, ProductFormSchema } from "@argine/core/catalogue/admin-forms";
import { formatAmount, formatEuroInput, parseEuroAmount } from "@argine/core/shared/money";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import styles from "../../shared/admin/admin.module.css";
import { AdminEditorPanel, useAdminEditor } from "../../shared/admin/admin-editor.tsx";
import { AdminItemList, type EditorSlot } from "../../shared/admin/admin-list.tsx";
import { NumberField, StateBadge, type SummaryField } from "../../shared/admin/admin-ui.tsx";
import { SENT_BY_FORM } from "../../shared/async/use-write.ts";
import formStyles from "../../shared/ui/form.module.css";
import { CheckboxField, TextAreaField, TextField } from "../../shared/ui/form-field.tsx";
import { adminProductsQueryOptions, useUpdateProduct } from "./catalogue-queries.ts";

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
  return (
    <AdminItemList
      title="Prodotti e prezzi"
      intro={
        <>
          I servizi in vendita, anche quelli non attivi. I prezzi sono IVA inclusa; un prodotto non attivo
          sparisce dal catalogo pubblico. Le modifiche sono visibili subito sul sito.
        </>
      }
      query={query}
      what="il catalogo"
      itemKey={(product) => product.code}
      editButtonId={(code) => `admin-product-edit-${code}`}
      caption={(count) => `Catalogo: ${count} prodotti, nell'ordine in cui appaiono`}
      columns={[
        "Nome",
        { label: "Prezzo", number: true },
        { label: "Prezzo scontato", number: true },
        { label: "IVA", number: true },
        { label: "Ordine", number: true },
        "Stato",
      ]}
      cells={(product) => (
        <>
          <td>{product.name}</td>
          <td className={styles.number}>{formatAmount(product.price)}</td>
          <td className={styles.number}>{formatAmount(product.discountedPrice)}</td>
          <td className={styles.number}>{product.vatRate}%</td>
          <td className={styles.number}>{product.order}</td>
          <td>
            <StateBadge on={product.active} labels={["Attivo", "Non attivo"]} />
          </td>
        </>
      )}
      editor={(slot) =>
        slot.row ? (
          <ProductEditForm product={slot.row} slot={slot} />
        ) : (
          <p className={styles.muted}>Per cambiare nome, prezzi o stato di un prodotto scegli «Modifica».</p>
        )
      }
    />
  );
}

export function ProductEditForm({
  product,
  slot,
}: {
  product: AdminProduct;
  slot: EditorSlot<AdminProduct>;
}) {
  const update = useUpdateProduct(SENT_BY_FORM);
  const editor = useAdminEditor({
    resolver: zodResolver(ProductFormSchema),
    defaultValues: productValues(product),
    fields: FIELDS,
    focusHeading: slot.focusHeading,
    send: (form: ProductForm) =>
      update.mutateAsync({ code: product.code, body: productPatch(form, product) }),
    changes: (form) => productPatch(form, product),
    resetTo: productValues,
    onSaved: (updated) =>
      slot.say(
        `Prodotto ${updated.code} salvato: prezzo ${formatAmount(updated.price)}, scontato ${formatAmount(updated.discountedPrice)}${updated.active ? "" : ", non attivo"}.`,
      ),
  });
  const { field } = editor;

  return (
    <AdminEditorPanel
      title={<>Modifica del prodotto {product.code}</>}
      editor={editor}
      submitLabel="Salva il prodotto"
      close={{ label: "Chiudi", onClick: slot.close }}
    >
      <TextField label="Nome" required {...field("name")} />
      <TextAreaField label="Descrizione" required rows={3} {...field("description")} />
      <div className={formStyles.row}>
        <NumberField
          label="Prezzo (€, IVA inclusa)"
          decimal
          hint="Per esempio 49,90."
          required
          {...field("price")}
        />
        <NumberField
          label="Prezzo scontato (€)"
          decimal
          hint="Uguale al prezzo se non c'è sconto; mai più alto."
          required
          {...field("discountedPrice")}
        />
      </div>
      <NumberField
        label="Ordine"
        hint="La posizione nel catalogo: i numeri più bassi vengono prima."
        required
        {...field("order")}
      />
      <CheckboxField
        label="Attivo: il prodotto è in vendita e compare nel catalogo pubblico"
        {...field("active")}
      />
    </AdminEditorPanel>
  );
}
