import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import type { Listing } from '../../../../worker/schemas/listings';
import { buildListingSlug, formatPrice } from '../../lib/format';
import { msg, useI18n, useT } from '../../lib/i18n';
import { usePageTitle } from '../../lib/page-title';
import { useAuth } from '../auth/use-auth';
import { PaymentDialog } from './PaymentDialog';
import { CURATED_PREVIEW_LIMIT, premiumQueries, usePremiumStatus, type PremiumPackage, type PremiumSubscription } from './premium-api';
import {
  formatAmount,
  formatPlanDate,
  isProStatus,
  planButtonState,
  premiumErrorMessage,
  transactionStatusLabel,
} from './premium-rules';
import { useCheckout, type Checkout } from './use-checkout';
import './premium.css';
import './show-phone.css';

/** /premium (spec part 2 §2 "Premium buyer program"): plans, paying for one, and what Pro gives. */
export function PremiumPage() {
  const t = useT();
  usePageTitle(t('SEL Buyer plans'));
  const premium = usePremiumStatus();
  const checkout = useCheckout();
  const status = premium.data;
  const isPro = isProStatus(status);

  return (
    <div className="premium">
      <header className="premium-hero">
        <p className="premium-hero__eyebrow">{t('SEL Buyer Premium')}</p>
        <h1 className="premium-hero__title">{t('SEL Buyer plans')}</h1>
        <p className="premium-hero__lead">
          {t('Get noticed by sellers, reach them first and, with Pro, call them directly. Pick a plan for 30 days: no auto-renewal, no surprises.')}
        </p>
        <PlanStatus query={premium} />
      </header>

      {isPro && <CuratedLeads />}

      <PlansSection checkout={checkout} isPremium={status?.isPremium ?? false} statusKnown={premium.isSuccess || premium.isError} currentPackageId={status?.subscription?.packageId ?? null} />

      <Billing />
      <WhyChoose />
      <Faq />

      <PaymentDialog checkout={checkout} />
    </div>
  );
}

// ---------------------------------------------------------------- status

function PlanStatus({ query }: { query: ReturnType<typeof usePremiumStatus> }) {
  const t = useT();
  if (query.isPending) {
    return (
      <p className="premium-status premium-status--loading" role="status">
        {t('Checking your plan...')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="premium-status premium-status--error" role="alert">
        <span>{t(premiumErrorMessage(query.error, 'status'))}</span>
        <button type="button" className="button button--small button--outline" onClick={() => void query.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  const subscription = query.data.subscription;
  if (!query.data.isPremium || !subscription) return null;
  return <CurrentPlan subscription={subscription} />;
}

function CurrentPlan({ subscription }: { subscription: PremiumSubscription }) {
  const isPro = subscription.packageType === 'PRO';
  const { t, tn, language } = useI18n();
  const until = formatPlanDate(subscription.endDate, language);
  const used = Math.min(subscription.phoneNumbersUsed, subscription.phoneNumbersLimit);
  const share = subscription.phoneNumbersLimit > 0 ? (used / subscription.phoneNumbersLimit) * 100 : 0;

  return (
    <section className="premium-status" aria-label={t('Your plan')}>
      <div className="premium-status__main">
        <span className={isPro ? 'premium-badge premium-badge--pro' : 'premium-badge'}>{isPro ? 'PRO' : 'BASIC'}</span>
        <div>
          <p className="premium-status__label">{t('Your current plan')}</p>
          <p className="premium-status__plan">{t(subscription.packageName)}</p>
        </div>
      </div>
      <div className="premium-status__facts">
        <p className="premium-status__days">
          {Math.max(0, Math.floor(subscription.remainingDays)) === 0
            ? t('Ends today')
            : tn(Math.max(0, Math.floor(subscription.remainingDays)), '{n} day remaining', '{n} days remaining')}
        </p>
        {until && <p className="premium-status__until">{t('Valid until {date}', { date: until })}</p>}
      </div>
      {isPro && (
        <div className="premium-status__usage">
          <p>{t('{used} of {limit} phone numbers used', { used: Math.max(0, subscription.phoneNumbersUsed), limit: subscription.phoneNumbersLimit })}</p>
          <div className="premium-meter" aria-hidden="true">
            <span className="premium-meter__fill" style={{ width: `${share}%` }} />
          </div>
        </div>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- plans

type PlansSectionProps = {
  checkout: Checkout;
  isPremium: boolean;
  statusKnown: boolean;
  currentPackageId: string | null;
};

function PlansSection({ checkout, isPremium, statusKnown, currentPackageId }: PlansSectionProps) {
  const packages = useQuery(premiumQueries.packages());
  const t = useT();
  const headingId = useId();

  let body: ReactNode;
  if (packages.isPending) {
    body = (
      <div className="premium-plans" aria-busy="true">
        <div className="premium-plan premium-plan--skeleton" />
        <div className="premium-plan premium-plan--skeleton" />
      </div>
    );
  } else if (packages.isError) {
    body = (
      <div className="premium-panel premium-panel--error" role="alert">
        <p>{t(premiumErrorMessage(packages.error, 'packages'))}</p>
        <button type="button" className="button button--outline" onClick={() => void packages.refetch()}>
          Try Again
        </button>
      </div>
    );
  } else if (packages.data.length === 0) {
    body = <p className="premium-panel">{t('No plans are on sale right now. Please check back soon.')}</p>;
  } else {
    body = (
      <div className="premium-plans">
        {packages.data.map((pkg) => (
          <PlanCard
            key={pkg.id}
            pkg={pkg}
            isCurrent={pkg.id === currentPackageId}
            button={planButtonState({
              packageId: pkg.id,
              isPremium,
              statusKnown,
              selectedPackageId: checkout.selected?.id ?? null,
              busy: checkout.busy,
            })}
            onChoose={() => checkout.choose(pkg)}
          />
        ))}
      </div>
    );
  }

  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section__title">
        {t('Choose your plan')}
      </h2>
      {body}
    </section>
  );
}

function PlanCard({
  pkg,
  isCurrent,
  button,
  onChoose,
}: {
  pkg: PremiumPackage;
  isCurrent: boolean;
  button: ReturnType<typeof planButtonState>;
  onChoose: () => void;
}) {
  const isPro = pkg.type === 'PRO';
  const titleId = useId();
  const t = useT();
  return (
    <article className={isPro ? 'premium-plan premium-plan--pro' : 'premium-plan'} aria-labelledby={titleId}>
      {isPro && <span className="premium-plan__ribbon">{t('Most Popular')}</span>}
      <div className="premium-plan__head">
        <h3 id={titleId} className="premium-plan__name">
          {t(pkg.name)}
        </h3>
        {isCurrent && <span className="premium-plan__current">{t('Your plan')}</span>}
      </div>
      <p className="premium-plan__description">{t(pkg.description)}</p>
      <p className="premium-plan__price">
        <span className="premium-plan__amount">{formatAmount(pkg.price, pkg.currency)}</span>
        <span className="premium-plan__per"> {t('/ month')}</span>
      </p>
      <p className="premium-plan__validity">{t('{days}-day validity', { days: pkg.validityDays })}</p>
      <ul className="premium-plan__features">
        {pkg.features.map((feature) => (
          <li key={feature}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path fill="currentColor" d="m9.5 16.2-4.2-4.2-1.4 1.4 5.6 5.6 11-11-1.4-1.4z" />
            </svg>
            {t(feature)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`button button--block ${isPro ? 'button--primary' : 'button--outline'} premium-plan__choose`}
        disabled={button.disabled}
        aria-busy={button.kind === 'processing'}
        onClick={onChoose}
      >
        {t(button.label)}
      </button>
    </article>
  );
}

// ---------------------------------------------------------------- Pro: curated leads

function CuratedLeads() {
  const { user } = useAuth();
  const leads = useQuery({ ...premiumQueries.curated(user?.id ?? ''), enabled: Boolean(user) });
  const headingId = useId();
  const t = useT();

  let body: ReactNode;
  if (leads.isPending) {
    body = (
      <p className="premium-muted" role="status">
        {t('Finding leads for you...')}
      </p>
    );
  } else if (leads.isError) {
    body = (
      <div className="premium-panel premium-panel--error" role="alert">
        <p>{t(premiumErrorMessage(leads.error, 'curated'))}</p>
        <button type="button" className="button button--small button--outline" onClick={() => void leads.refetch()}>
          Try Again
        </button>
      </div>
    );
  } else if (leads.data.listings.length === 0) {
    body = (
      <p className="premium-panel">
        {t('No new leads right now. Favourite a few ads and we’ll bring you fresh ones from verified sellers in those categories.')}
      </p>
    );
  } else {
    body = (
      <ul className="premium-leads">
        {leads.data.listings.slice(0, CURATED_PREVIEW_LIMIT).map((listing) => (
          <li key={listing.id}>
            <LeadCard listing={listing} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <div className="premium-section__head">
        <h2 id={headingId} className="premium-section__title">
          {t('Curated leads for you')}
        </h2>
        <p className="premium-muted">{t('Fresh ads from verified sellers, picked for Pro members.')}</p>
      </div>
      {body}
    </section>
  );
}

function LeadCard({ listing }: { listing: Listing }) {
  const [imageFailed, setImageFailed] = useState(false);
  const image = listing.images[0];
  const slug = listing.slug || buildListingSlug(listing);
  return (
    <Link to="/item/$slug" params={{ slug }} className="premium-lead">
      <div className="premium-lead__media">
        {image && !imageFailed ? (
          <img src={image} alt="" width={320} height={240} loading="lazy" decoding="async" onError={() => setImageFailed(true)} />
        ) : (
          <span className="premium-lead__placeholder" aria-hidden="true">
            {listing.category.name}
          </span>
        )}
      </div>
      <div className="premium-lead__body">
        <p className="premium-lead__price">{formatPrice(listing.price, listing.currency)}</p>
        <p className="premium-lead__title">{listing.title}</p>
        <p className="premium-lead__location">{listing.location}</p>
      </div>
    </Link>
  );
}

// ---------------------------------------------------------------- billing

function Billing() {
  const { user } = useAuth();
  const [page, setPage] = useState(1);
  const transactions = useQuery({
    ...premiumQueries.transactions(user?.id ?? '', page),
    enabled: Boolean(user),
    placeholderData: keepPreviousData,
  });
  const headingId = useId();
  const { t, language } = useI18n();

  // Nothing bought yet: the section would only say so, under a plan list that already invites to buy.
  if (transactions.isPending || (transactions.isSuccess && transactions.data.pagination.total === 0)) return null;

  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section__title">
        {t('Bought packages & billing')}
      </h2>
      {transactions.isError ? (
        <div className="premium-panel premium-panel--error" role="alert">
          <p>{t(premiumErrorMessage(transactions.error, 'transactions'))}</p>
          <button type="button" className="button button--small button--outline" onClick={() => void transactions.refetch()}>
            Try Again
          </button>
        </div>
      ) : (
        <>
          <div className="premium-table-wrap">
            <table className="premium-table">
              <thead>
                <tr>
                  <th scope="col">{t('Date')}</th>
                  <th scope="col">{t('Plan')}</th>
                  <th scope="col">{t('Amount')}</th>
                  <th scope="col">{t('Status')}</th>
                  <th scope="col">{t('Payment ID')}</th>
                </tr>
              </thead>
              <tbody>
                {transactions.data.transactions.map((row) => (
                  <tr key={row.orderId}>
                    <td data-label={t('Date')}>{formatPlanDate(row.paidAt ?? row.createdAt, language)}</td>
                    <td data-label={t('Plan')}>{t(row.packageName)}</td>
                    <td data-label={t('Amount')}>{formatAmount(row.amount, row.currency)}</td>
                    <td data-label={t('Status')}>
                      <span className={`premium-tx-status premium-tx-status--${row.status.toLowerCase()}`}>{t(transactionStatusLabel(row.status))}</span>
                    </td>
                    <td data-label={t('Payment ID')} className="premium-table__id">
                      {row.paymentId ?? '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {transactions.data.pagination.pages > 1 && (
            <div className="premium-table-pager">
              <button type="button" className="button button--small button--outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                ‹ {t('Newer')}
              </button>
              <span>
                {t('Page {page} of {pages}', { page, pages: transactions.data.pagination.pages })}
              </span>
              <button
                type="button"
                className="button button--small button--outline"
                disabled={page >= transactions.data.pagination.pages}
                onClick={() => setPage((p) => p + 1)}
              >
                {t('Older')} ›
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- why choose + FAQ

const REASONS = [
  {
    title: msg('Premium Badge'),
    text: msg('A badge on your messages shows sellers you are a serious buyer, so they answer you first.'),
    icon: 'M12 2 15 8.3l6.9.9-5 4.8 1.2 6.9L12 17.7 5.9 20.9 7.1 14l-5-4.8 6.9-.9L12 2Z',
  },
  {
    title: msg('Priority Positioning'),
    text: msg('Your chats sit at the top of the seller’s inbox, above regular enquiries.'),
    icon: 'M12 3 4 11h5v10h6V11h5l-8-8Z',
  },
  {
    title: msg('Direct Phone Access'),
    text: msg('With Pro, see sellers’ phone numbers (50 a month) and call them to close the deal fast.'),
    icon: 'M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1l-2.2 2.2Z',
  },
];

function WhyChoose() {
  const headingId = useId();
  const t = useT();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section__title">
        {t('Why choose SEL Buyer?')}
      </h2>
      <ul className="premium-reasons">
        {REASONS.map((reason) => (
          <li key={reason.title} className="premium-reason">
            <span className="premium-reason__icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="24" height="24">
                <path fill="currentColor" d={reason.icon} />
              </svg>
            </span>
            <h3 className="premium-reason__title">{t(reason.title)}</h3>
            <p className="premium-reason__text">{t(reason.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FAQ = [
  {
    question: msg('How does SEL Buyer work?'),
    answer:
      msg('Choose Basic or Pro and pay once. Your plan starts as soon as the payment is confirmed and lasts 30 days. Sellers see your premium badge in their chats straight away.'),
  },
  {
    question: msg('What is the difference between Basic and Pro?'),
    answer:
      msg('Basic (₹99 a month) gives you the premium badge, a priority position in sellers’ chat lists and faster responses. Pro (₹299 a month) adds direct access to sellers’ phone numbers, up to 50 a month, and curated leads from verified sellers.'),
  },
  {
    question: msg('Can I cancel anytime?'),
    answer:
      msg('Yes. Plans never renew automatically, so there is nothing to cancel: simply don’t buy again. Your access continues until the end of the 30-day validity.'),
  },
  {
    question: msg('Is my payment secure?'),
    answer:
      msg('Payments are handled by Razorpay, a PCI DSS compliant payment provider, over an encrypted connection. SEL does not store your card, UPI or bank details.'),
  },
];

/** An accordion in the WAI-ARIA pattern: heading > button[aria-expanded] controlling a region. */
function Faq() {
  const headingId = useId();
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(0);
  const t = useT();
  return (
    <section className="premium-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="premium-section__title">
        {t('Frequently asked questions')}
      </h2>
      <div className="premium-faq">
        {FAQ.map((item, index) => {
          const expanded = open === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={item.question} className="premium-faq__item">
              <h3 className="premium-faq__question">
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  <span>{t(item.question)}</span>
                  <svg className="premium-faq__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
                  </svg>
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} className="premium-faq__answer" hidden={!expanded}>
                <p>{t(item.answer)}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
