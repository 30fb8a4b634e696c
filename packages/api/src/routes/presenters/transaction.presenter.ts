import { COMPONENT_NAME } from '../../http/components.js';
import {
  paymentFailureReasonOf,
  sunToTrx,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionRecord,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { IsoDate, OneOf, PaymentFailureReasonSchema } from '../../http/schemas.js';

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
    failureReason: Type.Union([PaymentFailureReasonSchema, Type.Null()]),
    createdAt: IsoDate,
    updatedAt: IsoDate,
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'Transaction',
    examples: [
      {
        _id: '6760c0f4a1b2c3d4e5f60740',
        userId: '6760c0f4a1b2c3d4e5f60701',
        orderId: '6760c0f4a1b2c3d4e5f60730',
        type: 'purchase',
        amount: 150.6,
        currency: 'TRX',
        network: 'TRC-20',
        transactionHash: '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
        fromAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        toAddress: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
        status: 'confirmed',
        confirmations: 21,
        blockNumber: 61250123,
        fee: 1.1,
        failureReason: null,
        createdAt: '2025-01-15T10:01:00.000Z',
        updatedAt: '2025-01-15T10:02:30.000Z',
      },
    ],
  },
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
  // A failure stored before reasons had codes may hold the node's text; the code stands for it.
  failureReason: tx.failureReason === null ? null : paymentFailureReasonOf(tx.failureReason),
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
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'TransferSummary',
    examples: [
      {
        hash: '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
        from: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        to: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
        amount: 25.5,
        status: 'pending',
      },
    ],
  },
);

export const presentTransferSummary = (tx: TransactionRecord) => ({
  hash: tx.transactionHash,
  from: tx.fromAddress,
  to: tx.toAddress,
  amount: sunToTrx(tx.amountSun),
  status: tx.status,
});
