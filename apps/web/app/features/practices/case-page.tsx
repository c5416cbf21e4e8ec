import { CRIME_TYPE } from "@argine/core/feedback/crime-type";
import { EVALUATION } from "@argine/core/feedback/evaluation";
import { type CartProduct, prepareProducts } from "@argine/core/orders/cart";
import { availableProducts } from "@argine/core/practices/available-services";
import { PSYCHOLOGICAL_SUPPORT, SHITSTORM, SHITSTORM_TERM } from "@argine/core/practices/practice-flags";
import type { PracticeDetail } from "@argine/core/practices/practices-api";
import type { PracticeService } from "@argine/core/services/services-api";
import { formatAmount } from "@argine/core/shared/money";
import { useQuery } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { Link } from "react-router";
import { PRACTICES_PATH } from "../../shared/navigation/navigation.ts";
import { formatDay, formatMoment } from "../../shared/ui/dates.ts";
import { ExternalLink } from "../../shared/ui/external-link.tsx";
import { TitledSection } from "../../shared/ui/titled-section.tsx";
import { MyConsultations } from "../consultation/public.ts";
import { productsQueryOptions } from "../products/public.ts";
import { DeadlineRemindersSection } from "../reminders/public.ts";
import { ServiceCard } from "../services/public.ts";
import { AccessLogSection } from "./access-log.tsx";
import { AnonymitySection } from "./anonymity-section.tsx";
import { useCase } from "./case-area.tsx";
import { ClosePracticeSection } from "./close-practice.tsx";
import { CommentsPanel, ContactLawyerLink } from "./comments-panel.tsx";
import { AssignmentPanel, MinorSexualContentHelp, ReviewBanner } from "./human-review.tsx";
import { LawyerBox } from "./lawyer-box.tsx";
import { assignmentText, StatusBadge } from "./practice-card.tsx";
import { customServiceQueryOptions, emailsQueryOptions, useRefreshPractice } from "./practice-queries.ts";
import { PracticeSection } from "./practice-section.tsx";
import styles from "./practices.module.css";

const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/**
 * What lets a client pick the available services to buy (the shop's, given by the route: practices does not
 * import the shop, which builds on practices).
 */
export type ServicePickerComponent = ComponentType<{ practice: PracticeDetail; offer: CartProduct[] }>;

/** The catalogue's products this practice can buy now, priced for it (the advice price), by meta.order. */
export function useAvailableProducts(practice: PracticeDetail): { offer: CartProduct[]; isPending: boolean } {
  const products = useQuery(productsQueryOptions());
  const advice = useQuery(customServiceQueryOptions(practice.practiceId));
  const offer =
    products.data && advice.data
      ? availableProducts(prepareProducts(products.data, advice.data.price), practice)
      : [];
  return { offer, isPending: products.isPending || advice.isPending };
}

/**
 * The lawyer's controls of one bought service, in its card (the staff's queue feature's, given by the route:
 * it builds on practices, which does not import it).
 */
export type ServiceControlsComponent = ComponentType<{ service: PracticeService; practice: PracticeDetail }>;

/** Staff's view of the practice's paid orders and their refunds (the shop's, given by the route as well). */
export type StaffOrdersComponent = ComponentType<{ practice: PracticeDetail }>;

/**
 * The practice's part of the client's diary of episodes (issue 40): the diary's, given by the route, as it
 * builds on practices.
 */
export type DiarySectionComponent = ComponentType<{ practice: PracticeDetail; staff: boolean }>;

/** {base}/{ticketCode}: the case page (spec §2), the practice detail with its services and messages. */
export function CasePage({
  ServicePicker,
  StaffOrders,
  ServiceControls,
  DiarySection,
}: {
  ServicePicker?: ServicePickerComponent;
  StaffOrders?: StaffOrdersComponent;
  ServiceControls?: ServiceControlsComponent;
  DiarySection?: DiarySectionComponent;
} = {}) {
  const { practice, staff } = useCase();
  return (
    <>
      <p className={styles.back}>
        <Link to={PRACTICES_PATH}>← {staff ? "Tutte le pratiche" : "Le tue pratiche"}</Link>
      </p>
      <div className={styles.caseHead}>
        <h1 className={styles.title}>Pratica {practice.ticketCode}</h1>
        <StatusBadge status={practice.status} />
        <ContactLawyerLink staff={staff} />
      </div>
      <ReviewBanner practice={practice} staff={staff} />
      {staff ? <AssignmentPanel practice={practice} /> : null}
      <MinorSexualContentHelp practice={practice} />
      <PracticeRecap practice={practice} staff={staff} />
      <FeedbackSection practice={practice} />
      <DeadlineRemindersSection practiceId={practice.practiceId} staff={staff} Section={PracticeSection} />
      {staff ? null : <MyConsultations practiceId={practice.practiceId} Section={PracticeSection} />}
      {/* The diary of the episodes (issue 40): the client's switch, or what she shares with the lawyers. */}
      {DiarySection ? <DiarySection practice={practice} staff={staff} /> : null}
      <ServicesSection
        practice={practice}
        staff={staff}
        ServicePicker={ServicePicker}
        ServiceControls={ServiceControls}
      />
      {staff ? <LawyerBox practice={practice} /> : null}
      {staff && StaffOrders ? <StaffOrders practice={practice} /> : null}
      <CommentsPanel practice={practice} staff={staff} />
      <EmailsLog practice={practice} staff={staff} />
      {staff ? null : <AnonymitySection practice={practice} />}
      {staff ? null : <AccessLogSection practiceId={practice.practiceId} />}
      {staff ? null : <ClosePracticeSection practice={practice} />}
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The practice recap card (spec §3 "Practice, as shown to users"). */
export function PracticeRecap({ practice, staff }: { practice: PracticeDetail; staff: boolean }) {
  const client = practice.client;
  return (
    <TitledSection
      title="Riepilogo"
      className={`${styles.recap} ${staff ? styles.staffCard : ""}`}
      titleClassName={styles.sectionTitle}
    >
      <dl className={styles.facts}>
        <Fact term="Numero di pratica">{practice.ticketCode}</Fact>
        <Fact term="Aperta il">{formatDay(practice.createdAt)}</Fact>
        <Fact term="Reato">{practice.crimeType ? CRIME_TYPE.label(practice.crimeType) : "—"}</Fact>
        <Fact term="Valutazione">{practice.evaluation ? EVALUATION.label(practice.evaluation) : "—"}</Fact>
        <Fact term="Scadenza">{formatDay(practice.expiryDate)}</Fact>
        <Fact term="Piattaforma">{practice.platform ?? "—"}</Fact>
        <Fact term="Link del contenuto">
          {practice.crimeUrl ? <span className={styles.url}>{practice.crimeUrl}</span> : "—"}
        </Fact>
        <Fact term="Etichette">{practice.tags.length ? practice.tags.join(", ") : "—"}</Fact>
        <Fact term="Forme d'odio">{practice.formsOfHate.length ? practice.formsOfHate.join(", ") : "—"}</Fact>
        <Fact term={SHITSTORM_TERM}>{label(SHITSTORM.labels, practice.shitstorm)}</Fact>
        <Fact term="Supporto psicologico">
          {label(PSYCHOLOGICAL_SUPPORT.labels, practice.psychologicalSupport)}
        </Fact>
        <Fact term="Anonima">{practice.anonymous ? "Sì" : "No"}</Fact>
        <Fact term="Avvocato">{assignmentText(practice) ?? "Non ancora presa in carico"}</Fact>
      </dl>
      {staff ? (
        <div className={styles.clientBlock}>
          <h3 className={styles.subTitle}>Cliente</h3>
          {practice.anonymous ? (
            <p>Pratica anonima: l'identità del cliente non è visibile.</p>
          ) : client ? (
            <dl className={styles.facts}>
              <Fact term="Nome e cognome">
                {client.name} {client.lastname}
              </Fact>
              <Fact term="Email">{client.email}</Fact>
              <Fact term="Telefono">{client.phone ?? "—"}</Fact>
              <Fact term="Codice fiscale">{client.taxCode ?? "—"}</Fact>
              <Fact term="Indirizzo">{client.address ?? "—"}</Fact>
            </dl>
          ) : (
            <p>
              Nessun cliente registrato: la pratica è stata aperta dal questionario e non ancora collegata.
            </p>
          )}
        </div>
      ) : null}
    </TitledSection>
  );
}

function FeedbackSection({ practice }: { practice: PracticeDetail }) {
  return (
    <PracticeSection title="Il feedback">
      {practice.feedbackLink ? (
        <p>
          La prima valutazione orientativa del caso, in PDF.{" "}
          <ExternalLink href={practice.feedbackLink}>Apri il feedback</ExternalLink>
        </p>
      ) : (
        <p>Questa pratica non ha un feedback del questionario.</p>
      )}
    </PracticeSection>
  );
}

function ServicesSection({
  practice,
  staff,
  ServicePicker,
  ServiceControls,
}: {
  practice: PracticeDetail;
  staff: boolean;
  ServicePicker?: ServicePickerComponent;
  ServiceControls?: ServiceControlsComponent;
}) {
  const { offer, isPending } = useAvailableProducts(practice);
  const refresh = useRefreshPractice(practice.practiceId);
  return (
    <PracticeSection title="Servizi">
      <h3 className={styles.subTitle}>Servizi attivi</h3>
      {practice.services.length ? (
        <ul className={styles.serviceList}>
          {practice.services.map((service) => (
            <ServiceCard
              key={service.serviceId}
              service={service}
              practiceClosed={practice.status === "CLOSED"}
              staff={staff}
              onChanged={refresh}
            >
              {staff && ServiceControls ? <ServiceControls service={service} practice={practice} /> : null}
            </ServiceCard>
          ))}
        </ul>
      ) : (
        <p>Nessun servizio attivo su questa pratica.</p>
      )}
      {practice.status === "CLOSED" ? null : (
        <>
          <h3 className={styles.subTitle}>Servizi disponibili</h3>
          {offer.length && ServicePicker && !staff ? (
            <ServicePicker practice={practice} offer={offer} />
          ) : offer.length ? (
            <ul className={styles.serviceList}>
              {offer.map((product) => (
                <li key={product.code} className={styles.serviceCard}>
                  <p className={styles.serviceName}>
                    {product.name} <span className={styles.price}>{formatAmount(product.finalPrice)}</span>
                  </p>
                  <p>{product.description}</p>
                </li>
              ))}
            </ul>
          ) : isPending ? (
            <p>Caricamento dei servizi…</p>
          ) : (
            <p>Non ci sono altri servizi acquistabili su questa pratica.</p>
          )}
          {practice.minorSexualContent ? (
            <p className={styles.note}>
              Su questo caso non offriamo l'acquisizione forense né il takedown: per le immagini di una
              persona minorenne segui le strade indicate sopra.
            </p>
          ) : null}
          {staff ? null : ServicePicker ? (
            <p className={styles.note}>
              Non sai quali servizi ti servono davvero? Scrivi al tuo avvocato qui sotto: ti risponde sulla
              pratica.
            </p>
          ) : (
            <p className={styles.note}>
              Per scegliere i servizi da attivare scrivi al tuo avvocato qui sotto: ti risponde sulla pratica
              e ti aiuta a capire quali servono davvero.
            </p>
          )}
        </>
      )}
    </PracticeSection>
  );
}

function EmailsLog({ practice, staff }: { practice: PracticeDetail; staff: boolean }) {
  const emails = useQuery(emailsQueryOptions(practice.practiceId));
  if (!emails.data?.length) return null;
  return (
    <PracticeSection title={staff ? "Email inviate al cliente" : "Email dal team legale"}>
      <ul className={styles.messages}>
        {emails.data.map((mail) => (
          <li key={mail.id} className={styles.message}>
            <p className={styles.messageMeta}>
              {mail.sender ?? "Team Argine"} · {formatMoment(mail.sentAt)}
            </p>
            <p className={styles.messageSubject}>{mail.subject}</p>
            <p className={styles.messageBody}>{mail.body}</p>
          </li>
        ))}
      </ul>
    </PracticeSection>
  );
}
