import { shortAddress } from '../utils/short-address.js';

/** A wallet address cut short to fit a table; the whole address is on hover and read out. */
export const WalletAddress = ({ address }: { address: string | null }) =>
  address ? (
    <code className="wallet" title={address}>
      <span aria-hidden="true">{shortAddress(address)}</span>
      <span className="wallet-full">{address}</span>
    </code>
  ) : (
    <span className="muted">No wallet</span>
  );
