import { COMPONENT_NAME } from '../../http/components.js';
import { sunToTrx, TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionRecord } from '@trx-shop/domain';
import { Type } from 'typebox';
import { IsoDate, OneOf } from '../../http/schemas.js';

export const TransactionView = Type.Object(
  {
    _id: Type.String(),
    userId: Type.String(),
    orderId: Type.Union([Type.String(), Type.Null()]),
    type: OneOf(TRANSACTION_TYPES),
    amount: Type.Number({ description: 'TRX, absolute' }),
    currency: Type.Literal('TRX'),
    network: Type.Literal('TRC-20'),
    transactionHash: Type.String(),
    fromAddress: Type.String(),
    toAddress: Type.String(),
    status: OneOf(TRANSACTION_STATUSES),
    confirmations: Type.Integer(),
    blockNumber: Type.Union([Type.Integer(), Type.Null()]),
    fee: Type.Union([Type.Number(), Type.Null()]),
    failureReason: Type.Union([Type.String(), Type.Null()]),
    createdAt: IsoDate,
    updatedAt: IsoDate,
  },
  { additionalProperties: false, [COMPONENT_NAME]: 'Transaction' },
);

export const presentTransaction = (tx: TransactionRecord) => ({
  _id: tx.id,
  userId: tx.userId,
  orderId: tx.orderId,
  type: tx.type,
  amount: sunToTrx(tx.amountSun),
  currency: tx.currency,
  network: tx.network,
  transactionHash: tx.transactionHash,
  fromAddress: tx.fromAddress,
  toAddress: tx.toAddress,
  status: tx.status,
  confirmations: tx.confirmations,
  blockNumber: tx.blockNumber,
  fee: tx.feeSun === null ? null : sunToTrx(tx.feeSun),
  failureReason: tx.failureReason,
  createdAt: tx.createdAt.toISOString(),
  updatedAt: tx.updatedAt.toISOString(),
});

/** The short form pay, refund and send answer with (specification). */
export const TransferSummary = Type.Object(
  {
    hash: Type.String(),
    from: Type.String(),
    to: Type.String(),
    amount: Type.Number(),
    status: OneOf(TRANSACTION_STATUSES),
  },
  { additionalProperties: false, [COMPONENT_NAME]: 'TransferSummary' },
);

export const presentTransferSummary = (tx: TransactionRecord) => ({
  hash: tx.transactionHash,
  from: tx.fromAddress,
  to: tx.toAddress,
  amount: sunToTrx(tx.amountSun),
  status: tx.status,
});
