import { CopyField } from '../../../../shared/ui/copy-field.js';
import { QrCode } from '../../../../shared/ui/qr-code.js';

/** Where to send TRX to top the wallet up: the address as a QR code for a phone wallet and as text. */
export const DepositAddress = ({ address }: { address: string }) => (
  <section className="card stack" aria-labelledby="wallet-deposit-title">
    <h2 id="wallet-deposit-title">Add funds</h2>
    <p>
      Send TRX on the TRON network to this address. It shows in your balance once the network confirms it.
    </p>
    <QrCode value={address} label="QR code of your deposit address" />
    <CopyField label="Your deposit address" value={address} />
  </section>
);
