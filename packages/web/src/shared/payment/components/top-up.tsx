import { CopyField } from '../../ui/copy-field.js';
import { Trx } from '../../ui/money.js';
import { QrCode } from '../../ui/qr-code.js';

/** The wallet lacks `missing` TRX: where to send it, as a QR code and as text to copy. */
export const TopUp = ({ address, missing }: { address: string; missing: number }) => (
  <section aria-labelledby="top-up" className="card top-up">
    <h3 id="top-up">Top up your wallet</h3>
    <p>
      Your wallet is short of{' '}
      <strong data-testid="shortfall">
        <Trx amount={missing} />
      </strong>{' '}
      for this payment (the order's total and the network fee). Send at least that much TRX to your wallet's
      address; this page moves on by itself when the deposit is confirmed.
    </p>
    <div className="top-up-address">
      <QrCode value={address} label="Your wallet's deposit address as a QR code" />
      <CopyField label="Your wallet's deposit address" value={address} />
    </div>
  </section>
);
