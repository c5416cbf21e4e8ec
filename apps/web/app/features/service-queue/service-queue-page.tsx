import { casePath } from "@argine/core/practices/case-path";
import { QUEUED_SERVICE_TYPES } from "@argine/core/services/lifecycle";
import { canWorkServices } from "@argine/core/services/policy";
import { SERVICE_STATUS } from "@argine/core/services/service-messages";
import { SERVICE_TYPE, type ServiceType } from "@argine/core/services/service-type";
import {
  type ServiceQueueFilter,
  type ServiceQueueFilterForm,
  ServiceQueueFilterSchema,
  type ServiceQueueItem,
  type StaffMember,
} from "@argine/core/services/services-api";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useCurrentUser } from "../../shared/async/auth-state.ts";
import { formatDay } from "../../shared/ui/dates.ts";
import formStyles from "../../shared/ui/form.module.css";
import { SelectField, StatusRegion } from "../../shared/ui/form-field.tsx";
import { StaffOnly } from "../../shared/ui/staff-only.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { schemaResolver, useCheckedForm } from "../../shared/ui/use-checked-form.ts";
import { AssignmentControls } from "./assignment-controls.tsx";
import styles from "./service-queue.module.css";
import { serviceQueueQueryOptions, teamQueryOptions } from "./service-queue-queries.ts";

// The staff's queue (ADR 020): the paid work waiting for a lawyer. The API lists the caller's own first,
// then what nobody has, then the colleagues', oldest first within each: the page shows the three apart.

const DAY_MS = 24 * 60 * 60 * 1000;

/** "in attesa da 3 giorni", counted in whole days since it was paid. */
export function waitingText(paidAt: string, now: number): string {
  const days = Math.max(0, Math.floor((now - new Date(paidAt).getTime()) / DAY_MS));
  if (days === 0) return "in attesa da oggi";
  return `in attesa da ${days} ${days === 1 ? "giorno" : "giorni"}`;
}

const TYPE_OPTIONS = QUEUED_SERVICE_TYPES.map((type) => ({ value: type, label: SERVICE_TYPE.label(type) }));

function typeFrom(params: URLSearchParams): ServiceType | undefined {
  const value = params.get("serviceType");
  return QUEUED_SERVICE_TYPES.find((type) => type === value);
}

const SECTIONS = [
  {
    key: "mine",
    title: "Assegnati a te",
    empty: "Non hai lavori assegnati in attesa.",
  },
  {
    key: "free",
    title: "Da assegnare",
    empty: "Nessun lavoro da assegnare.",
  },
  {
    key: "others",
    title: "Ai colleghi",
    empty: "Nessun lavoro in attesa presso i colleghi.",
  },
] as const;

type SectionKey = (typeof SECTIONS)[number]["key"];

function sectionOf(item: ServiceQueueItem, myId: string | undefined): SectionKey {
  if (!item.assignedLawyer) return "free";
  return item.assignedLawyer.id === myId ? "mine" : "others";
}

/** /dashboard/services: "Lavori da fare", for lawyers and admins. */
export function ServiceQueuePage() {
  const user = useCurrentUser();
  if (!canWorkServices(user?.roles)) {
    return <StaffOnly titleClassName={styles.title} />;
  }
  return <StaffQueue myId={user?.id} />;
}

function StaffQueue({ myId }: { myId: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const serviceType = typeFrom(params);
  const queue = useQuery(serviceQueueQueryOptions(serviceType));
  const [done, setDone] = useState("");
  // The service just taken or handed out: it moves to another section, and the focus goes with it.
  const [moved, setMoved] = useState<string | null>(null);
  const now = Date.now();
  const items = queue.data?.items ?? [];
  const lawyers = useQuery(teamQueryOptions()).data ?? [];
  // The filter lives in the address and applies as soon as it is chosen.
  const filter = useCheckedForm<ServiceQueueFilterForm, ServiceQueueFilter, ServiceQueueFilter>({
    resolver: schemaResolver(ServiceQueueFilterSchema),
    defaultValues: { serviceType: serviceType ?? "" },
    fieldNames: ["serviceType"],
    focusOnInvalid: "field",
    // Nothing goes to the server: the queue shows its own loading.
    hideSpinner: true,
    send: async (chosen) => chosen,
    onSuccess: (chosen) => {
      setDone("");
      setMoved(null);
      setParams(chosen.serviceType ? { serviceType: chosen.serviceType } : {});
    },
  });
  // Back, Forward or a link change the address: the select follows it.
  const { setValue } = filter.form;
  useEffect(() => setValue("serviceType", serviceType ?? ""), [serviceType, setValue]);

  return (
    <>
      <h1 className={styles.title}>Lavori da fare</h1>
      <p className={styles.intro}>
        I servizi pagati che aspettano il lavoro di un avvocato: prima i tuoi, poi quelli da assegnare e
        quelli dei colleghi, i più vecchi per primi. Prendere in carico un servizio da avviare lo avvia, e il
        cliente legge che il team se ne occupa.
      </p>
      <search className={styles.filters}>
        <form aria-label="Filtra i lavori" onSubmit={filter.onSubmit} noValidate>
          <SelectField
            label="Tipo di servizio"
            options={TYPE_OPTIONS}
            placeholder="Tutti"
            {...filter.field("serviceType", { onChange: () => void filter.onSubmit() })}
          />
        </form>
      </search>
      <StatusRegion>{done ? <p className={styles.statusText}>{done}</p> : null}</StatusRegion>
      {queue.isError ? (
        <p role="alert" className={formStyles.alert}>
          Non riusciamo a caricare i lavori da fare. Riprova fra qualche istante.
        </p>
      ) : null}
      <div aria-busy={queue.isFetching}>
        {SECTIONS.map((section) => {
          const list = items.filter((item) => sectionOf(item, myId) === section.key);
          return (
            <TitledSection
              key={section.key}
              title={queue.data ? `${section.title} (${list.length})` : section.title}
              className={styles.section}
              titleClassName={styles.sectionTitle}
            >
              {!queue.data ? (
                queue.isPending ? (
                  <p className={styles.note}>Caricamento…</p>
                ) : null
              ) : list.length === 0 ? (
                <p>{section.empty}</p>
              ) : (
                <ul className={styles.list}>
                  {list.map((item) => (
                    <li key={item.serviceId}>
                      <QueueItem
                        item={item}
                        lawyers={lawyers}
                        myId={myId}
                        now={now}
                        focused={moved === item.serviceId}
                        onDone={(message) => {
                          setDone(message);
                          setMoved(item.serviceId);
                        }}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </TitledSection>
          );
        })}
      </div>
    </>
  );
}

/** The lawyer of an item: "Marco Rinaldi (tu)", a colleague's name, or nobody yet. */
function lawyerText(lawyer: StaffMember | null, myId: string | undefined): string {
  if (!lawyer) return "nessuno";
  return lawyer.id === myId ? `${lawyer.name} (tu)` : lawyer.name;
}

function QueueItem({
  item,
  lawyers,
  myId,
  now,
  focused,
  onDone,
}: {
  item: ServiceQueueItem;
  lawyers: readonly StaffMember[];
  myId: string | undefined;
  now: number;
  /** Takes the focus where it appears (its buttons are gone from where it was). */
  focused: boolean;
  onDone: (message: string) => void;
}) {
  const name = SERVICE_TYPE.label(item.serviceType);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (focused) link.current?.focus();
  }, [focused]);
  return (
    <article className={styles.item}>
      <h3 className={styles.itemTitle}>
        <Link ref={link} to={casePath(item.ticketCode)}>
          Pratica {item.ticketCode}
        </Link>
        <span className={styles.serviceName}>{name}</span>
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>Stato</dt>
          <dd>{SERVICE_STATUS.label(item.status)}</dd>
        </div>
        <div>
          <dt>Pagato il</dt>
          <dd>
            {formatDay(item.paidAt)}, {waitingText(item.paidAt, now)}
          </dd>
        </div>
        <div>
          <dt>Avvocato</dt>
          <dd>{lawyerText(item.assignedLawyer, myId)}</dd>
        </div>
        {item.mandateAccepted === null ? null : (
          <div>
            <dt>Mandato</dt>
            <dd className={item.mandateAccepted ? undefined : styles.warning}>
              {item.mandateAccepted ? "mandato accettato" : "mandato da accettare"}
            </dd>
          </div>
        )}
      </dl>
      <AssignmentControls
        service={{ serviceId: item.serviceId, assignedLawyer: item.assignedLawyer }}
        lawyers={lawyers}
        subject={`il servizio ${name} della pratica ${item.ticketCode}`}
        onDone={onDone}
      />
    </article>
  );
}
