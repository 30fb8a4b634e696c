import { useSearchParams } from 'wouter';
import { useProfile } from '../../../../shared/account/api/profile.js';
import { useShopperEvents } from '../../../../shared/api/shopper-events.js';
import { pageOf } from '../../../../shared/format/page-param.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useWalletBalance } from '../api/balance.js';
import { useTransactions } from '../api/transactions.js';
import { Balances } from '../components/balances.js';
import { DepositAddress } from '../components/deposit-address.js';
import { TransactionsTable } from '../components/transactions-table.js';
import { WithdrawForm } from '../components/withdraw-form.js';

/**
 * The shopper's custodial wallet: balance, deposit address, withdrawal and history (paged in the
 * URL), read again by the shopper's room when a deposit arrives or a transfer settles.
 */
const WalletPage = () => {
  useShopperEvents();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  // The profile says whether 2FA is on, which the withdrawal then needs a code for.
  const profile = useProfile();
  const balance = useWalletBalance();
  const transactions = useTransactions(page);
  const show = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  return (
    <section className="stack">
      <h1>Your wallet</h1>
      {balance.isPending ? (
        <Loading label="Loading your wallet" />
      ) : balance.isError ? (
        <ErrorNotice error={balance.error} title="Your wallet could not be loaded" />
      ) : (
        <div className="wallet-grid">
          <Balances balance={balance.data} />
          <DepositAddress address={balance.data.address} />
          {profile.isPending ? (
            <Loading label="Loading the withdrawal form" />
          ) : profile.isError ? (
            <ErrorNotice error={profile.error} title="Withdrawals cannot be made right now" />
          ) : (
            <WithdrawForm twoFactorEnabled={profile.data.twoFactorEnabled} />
          )}
        </div>
      )}
      <h2>Transactions</h2>
      {transactions.isPending ? (
        <Loading label="Loading your transactions" />
      ) : transactions.isError ? (
        <ErrorNotice error={transactions.error} title="Your transactions could not be loaded" />
      ) : transactions.data.transactions.length === 0 ? (
        <Empty>
          {transactions.data.pagination.total > 0
            ? `Page ${page} is past the last page.`
            : 'No transactions yet: deposits, payments and withdrawals appear here.'}
        </Empty>
      ) : (
        <TransactionsTable
          transactions={transactions.data.transactions}
          busy={transactions.isPlaceholderData}
        />
      )}
      {transactions.data && transactions.data.pagination.total > 0 && (
        <Pager page={page} pages={transactions.data.pagination.pages} onPage={show} />
      )}
    </section>
  );
};

export default WalletPage;
