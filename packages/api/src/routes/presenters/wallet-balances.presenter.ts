import {
  CURRENCIES,
  sunToTrx,
  usdtUnitsToUsdt,
  type WalletBalances,
  type WalletCurrencyBalance,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { OneOf } from '../../http/schemas.js';

const ADDRESS_EXAMPLE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const CurrencyBalance = Type.Object(
  {
    currency: OneOf([...CURRENCIES], {
      description: 'TRX always; USDT while the service follows a USDT contract',
    }),
    balance: Type.Number({ description: "the wallet's confirmed (solidified) balance in this currency" }),
    pendingOutgoing: Type.Number({
      description: 'what the service has sent from the wallet in this currency and not yet settled',
    }),
  },
  { additionalProperties: false },
);

export const WalletBalancesView = Type.Object(
  {
    success: Type.Literal(true),
    address: Type.String({ examples: [ADDRESS_EXAMPLE] }),
    balance: Type.Number({ description: "TRX, the wallet's confirmed (solidified) balance" }),
    pendingOutgoing: Type.Number({ description: 'TRX sent from the wallet and not yet settled' }),
    balances: Type.Array(CurrencyBalance, {
      description:
        'one entry per currency the service follows on the chain: TRX first, then USDT (absent when USDT_CONTRACT=off); amounts with up to 6 decimals',
    }),
    usdtTransferFee: Type.Union([Type.Number(), Type.Null()], {
      description:
        "TRX one USDT transfer from this wallet to the merchant wallet would burn now (energy at the node's price, plus bandwidth beyond the free allowance); null when USDT is off, no merchant wallet exists, or this is the merchant's wallet",
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        success: true,
        address: ADDRESS_EXAMPLE,
        balance: 998.9,
        pendingOutgoing: 1.24,
        balances: [
          { currency: 'TRX', balance: 998.9, pendingOutgoing: 1.24 },
          { currency: 'USDT', balance: 1000, pendingOutgoing: 0 },
        ],
        usdtTransferFee: 13.0285,
      },
    ],
  },
);

/** The JSON number of an amount in its entry's currency. */
const amountOf = (entry: WalletCurrencyBalance, units: number): number =>
  entry.currency === 'TRX' ? sunToTrx(units) : usdtUnitsToUsdt(units);

export const presentWalletBalances = (wallet: WalletBalances) => {
  const [trx] = wallet.balances;
  return {
    success: true as const,
    address: wallet.address,
    balance: sunToTrx(trx.balance),
    pendingOutgoing: sunToTrx(trx.pendingOutgoing),
    balances: wallet.balances.map((entry) => ({
      currency: entry.currency,
      balance: amountOf(entry, entry.balance),
      pendingOutgoing: amountOf(entry, entry.pendingOutgoing),
    })),
    usdtTransferFee: wallet.usdtTransferFeeSun === null ? null : sunToTrx(wallet.usdtTransferFeeSun),
  };
};
