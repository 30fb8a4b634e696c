import type { components, Webhook } from '@trx-shop/client';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { Time } from '../../../../shared/ui/time.js';
import { useLatestReconciliation } from '../api/reconciliation.js';
import { useWebhooks } from '../api/webhooks.js';

type Report = components['schemas']['ReconciliationReport'];
type Discrepancy = Report['discrepancies'][number];

/** How many of a report's discrepancies are listed here; the reconciliation page has them all. */
const SHOWN_DISCREPANCIES = 5;

const KIND_WORDS: Record<Discrepancy['kind'], string> = {
  'missing-from-ledger': 'A transfer is missing from the ledger',
  'not-on-chain': 'A ledger line is not on the chain',
  'failed-on-chain': 'A ledger line failed on chain',
  mismatch: 'The ledger and the chain disagree',
  balance: 'A wallet balance differs from the ledger',
};

interface Item {
  readonly key: string;
  readonly text: ReactNode;
  readonly href: string;
  readonly action: string;
}

const webhookItems = (webhooks: readonly Webhook[]): Item[] =>
  webhooks.flatMap((webhook): Item[] => {
    // An endpoint an admin switched off on purpose has no reason: nothing is wrong with it.
    if (!webhook.enabled && webhook.disabledReason !== null) {
      return [
        {
          key: `webhook-${webhook._id}`,
          text: (
            <>
              Webhook <code>{webhook.url}</code> was disabled: {webhook.disabledReason}
            </>
          ),
          href: '/webhooks',
          action: 'Review webhooks',
        },
      ];
    }
    if (webhook.enabled && webhook.failingSince !== null) {
      return [
        {
          key: `webhook-${webhook._id}`,
          text: (
            <>
              Webhook <code>{webhook.url}</code> has been failing since <Time iso={webhook.failingSince} />
            </>
          ),
          href: '/webhooks',
          action: 'Review webhooks',
        },
      ];
    }
    return [];
  });

const discrepancyItems = (report: Report | null): Item[] => {
  if (!report || report.ok) return [];
  const items = report.discrepancies.slice(0, SHOWN_DISCREPANCIES).map(
    (discrepancy, index): Item => ({
      key: `discrepancy-${index}`,
      text: (
        <>
          {KIND_WORDS[discrepancy.kind]}: {discrepancy.detail}
          {discrepancy.ledger !== null && discrepancy.chain !== null && (
            <>
              {' '}
              (ledger {discrepancy.ledger}, chain {discrepancy.chain})
            </>
          )}
        </>
      ),
      href: '/reconciliation',
      action: 'Open the reconciliation',
    }),
  );
  const more = report.summary.discrepancies - items.length;
  if (more > 0) {
    items.push({
      key: 'discrepancy-more',
      text: (
        <>
          {more} more discrepancies in the reconciliation of <Time iso={report.finishedAt} />
        </>
      ),
      href: '/reconciliation',
      action: 'See them all',
    });
  }
  return items;
};

/** The latest reconciliation's discrepancies and the webhook endpoints that fail or were disabled. */
export const NeedsAttention = () => {
  const report = useLatestReconciliation();
  const webhooks = useWebhooks();
  const items = [...discrepancyItems(report.data ?? null), ...webhookItems(webhooks.data ?? [])];
  const pending = report.isPending || webhooks.isPending;
  return (
    <>
      {report.isError && (
        <ErrorNotice error={report.error} title="The reconciliation report could not be read" />
      )}
      {webhooks.isError && <ErrorNotice error={webhooks.error} title="The webhooks could not be read" />}
      {items.length > 0 ? (
        <ul className="attention">
          {items.map((item) => (
            <li key={item.key}>
              <span>{item.text}</span> <Link href={item.href}>{item.action}</Link>
            </li>
          ))}
        </ul>
      ) : pending ? (
        <Loading label="Checking what needs attention" />
      ) : (
        !report.isError && !webhooks.isError && <p className="all-well">Nothing needs attention.</p>
      )}
      {report.data === null && <p className="muted">No reconciliation has run yet.</p>}
    </>
  );
};
