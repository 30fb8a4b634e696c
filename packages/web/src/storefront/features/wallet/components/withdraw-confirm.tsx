import type { components } from '@trx-shop/client';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { Trx } from '../../../../shared/ui/money.js';
import { FEE_BASIS_WORDS } from '../utils/fee-basis-words.js';

type FeeEstimate = components['schemas']['GetFeeEstimateResponse'];

/** The last look before money leaves: amount, recipient and the fee the API estimated for them. */
export const WithdrawConfirm = ({
  estimate,
  busy,
  onConfirm,
  onCancel,
}: {
  estimate: FeeEstimate | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) => (
  <ConfirmDialog
    open={estimate !== null}
    title="Send this withdrawal?"
    confirmLabel={busy ? 'Sending…' : 'Send withdrawal'}
    busy={busy}
    onConfirm={onConfirm}
    onCancel={onCancel}
  >
    {estimate && (
      <dl className="facts">
        <div>
          <dt>Amount</dt>
          <dd>
            <Trx amount={estimate.amount} />
          </dd>
        </div>
        <div>
          <dt>To</dt>
          <dd className="hash">{estimate.to}</dd>
        </div>
        <div>
          <dt>Network fee (estimated)</dt>
          <dd>
            <Trx amount={estimate.estimatedFee} />{' '}
            <span className="muted">({FEE_BASIS_WORDS[estimate.feeBasis]})</span>
          </dd>
        </div>
        <div>
          <dt>Leaves your wallet</dt>
          <dd>
            <Trx amount={estimate.requiredAmount} />
          </dd>
        </div>
      </dl>
    )}
    <p className="muted">A transfer on the TRON network cannot be undone.</p>
  </ConfirmDialog>
);
