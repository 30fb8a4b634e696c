import { sunToTrx, TRANSFER_FEE_BASES, type TransferFeeEstimate } from '@trx-shop/domain';
import { Type } from 'typebox';
import { OneOf } from '../../http/schemas.js';

const ADDRESS_EXAMPLE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

export const FeeEstimateView = Type.Object(
  {
    success: Type.Literal(true),
    purpose: OneOf(['payment', 'withdrawal'], {
      description: 'payment: to the merchant wallet (no `to`); withdrawal: to `to`',
    }),
    from: Type.String({ description: "the caller's custodial wallet", examples: [ADDRESS_EXAMPLE] }),
    to: Type.String({ description: 'the recipient the fee was estimated for', examples: [ADDRESS_EXAMPLE] }),
    amount: Type.Number({ description: 'TRX, the amount the estimate is for' }),
    estimatedFee: Type.Number({
      description:
        'TRX the chain will burn from the wallet for this transfer, the figure the pay and withdrawal balance checks add to the amount (their INSUFFICIENT_BALANCE `estimatedFee`)',
    }),
    feeBasis: OneOf([...TRANSFER_FEE_BASES], {
      description:
        "bandwidth-covered: the wallet's bandwidth (the daily free allowance, or staked) covers the transaction, nothing burned; bandwidth-burned: it does not, every byte of the transaction is burned; account-activation: the recipient account does not exist yet, the transfer creates it and burns the creation fees (1.1 TRX on mainnet, 1 TRX with staked bandwidth)",
    }),
    requiredAmount: Type.Number({ description: 'TRX, amount + estimatedFee: what the wallet must hold' }),
    balance: Type.Number({ description: "TRX, the wallet's confirmed (solidified) balance" }),
    spendable: Type.Number({
      description: 'TRX, the balance minus what transfers in flight from the wallet already hold',
    }),
    shortfall: Type.Number({
      description: 'TRX still missing for this transfer: requiredAmount - spendable, at least 0',
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        success: true,
        purpose: 'payment',
        from: ADDRESS_EXAMPLE,
        to: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
        amount: 24.99,
        estimatedFee: 0,
        feeBasis: 'bandwidth-covered',
        requiredAmount: 24.99,
        balance: 30,
        spendable: 30,
        shortfall: 0,
      },
    ],
  },
);

export const presentFeeEstimate = (estimate: TransferFeeEstimate) => ({
  success: true as const,
  purpose: estimate.purpose,
  from: estimate.fromAddress,
  to: estimate.toAddress,
  amount: sunToTrx(estimate.amountSun),
  estimatedFee: sunToTrx(estimate.feeSun),
  feeBasis: estimate.basis,
  requiredAmount: sunToTrx(estimate.requiredSun),
  balance: sunToTrx(estimate.balanceSun),
  spendable: sunToTrx(estimate.spendableSun),
  shortfall: sunToTrx(estimate.shortfallSun),
});
