import type { User } from '@trx-shop/client';
import { Link } from 'wouter';
import { CopyField } from '../../../../shared/ui/copy-field.js';
import { ConnectWalletForm } from './connect-wallet-form.js';

/**
 * The shop wallet the shopper pays from (its address to deposit TRX to) and the external wallet
 * they may connect for reference.
 */
export const WalletSection = ({ wallet }: { wallet: User['wallet'] }) => (
  <section className="card stack" aria-labelledby="wallet-title">
    <h2 id="wallet-title">Wallets</h2>
    {wallet.address ? (
      <>
        <CopyField label="Your shop wallet address" value={wallet.address} />
        <p className="muted">
          Orders are paid from this wallet. Send TRX to it to top it up; see its balance and history on{' '}
          <Link href="/wallet">your wallet page</Link>.
        </p>
      </>
    ) : (
      <p>Your account has no shop wallet yet.</p>
    )}
    <h3>External wallet</h3>
    {wallet.externalAddress ? (
      <CopyField label="Connected external wallet" value={wallet.externalAddress} />
    ) : (
      <p className="muted">
        No external wallet connected. Connecting one records its address on your profile; payments still come
        from your shop wallet.
      </p>
    )}
    <ConnectWalletForm connected={wallet.externalAddress} />
  </section>
);
