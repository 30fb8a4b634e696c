import { isShopApiError } from '@trx-shop/client';
import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { useConnectWallet } from '../api/connect-wallet.js';
import { checkTronAddress } from '../utils/tron-address.js';

/** An address of a wallet the shopper holds elsewhere (TronLink, a hardware wallet), checked before sending. */
export const ConnectWalletForm = ({ connected }: { connected: string | null }) => {
  const connect = useConnectWallet();
  const [address, setAddress] = useState('');
  const [checkError, setCheckError] = useState<string>();
  const [checking, setChecking] = useState(false);
  // The API's own check (the same rule) refused it: its message goes beside the field as well.
  const refusal =
    isShopApiError(connect.error) && connect.error.code === 'INVALID_ADDRESS'
      ? connect.error.body.error
      : undefined;
  const error = checkError ?? refusal;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    connect.reset();
    setChecking(true);
    const checked = await checkTronAddress(address);
    setChecking(false);
    setCheckError(checked.ok ? undefined : checked.error);
    if (checked.ok) connect.mutate(checked.value, { onSuccess: () => setAddress('') });
  };

  return (
    <form
      className="stack"
      aria-label="Connect an external wallet"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <Field
        label={connected ? 'Another external wallet address' : 'External wallet address'}
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={64}
        hint="A TRON address starting with T, as your wallet app shows it"
        error={error}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
      />
      {connect.isSuccess && (
        <p role="status" className="notice notice-ok">
          {connect.data.message}.
        </p>
      )}
      {connect.isError && <ErrorNotice error={connect.error} title="The wallet was not connected" />}
      <div>
        <button type="submit" className="primary" disabled={checking || connect.isPending}>
          {connect.isPending ? 'Connecting…' : connected ? 'Replace the connected wallet' : 'Connect wallet'}
        </button>
      </div>
    </form>
  );
};
