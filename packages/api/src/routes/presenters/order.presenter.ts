import { COMPONENT_NAME } from '../../http/components.js';
import {
  formatOrderNumber,
  ORDER_STATUSES,
  type Order,
  type OrderLine,
  type OrderWithCustomer,
  type PricedLines,
  refundableSun,
  sunToTrx,
} from '@trx-shop/domain';
import { Type } from 'typebox';
import { IsoDate, Nullable, OneOf } from '../../http/schemas.js';

const OrderLineView = Type.Object(
  {
    productId: Type.String(),
    name: Type.String(),
    price: Type.Number({ description: 'TRX' }),
    quantity: Type.Integer(),
    color: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

const STATUS = OneOf(ORDER_STATUSES);

const RefundView = Type.Object(
  {
    amount: Type.Number({ description: 'TRX' }),
    reason: Nullable(Type.String()),
    status: OneOf(['pending', 'confirmed', 'failed'] as const),
    txHash: Type.String(),
    createdAt: { ...IsoDate, description: 'When the refund was sent (claimed)' },
  },
  { additionalProperties: false },
);

const orderFields = {
  _id: Type.String(),
  orderId: Type.String({ description: '#TRX-<n>' }),
  products: Type.Array(OrderLineView),
  subtotal: Type.Number(),
  networkFee: Type.Number(),
  discount: Type.Number(),
  total: Type.Number(),
  status: STATUS,
  paymentMethod: Type.Literal('TRC-20'),
  transactionHash: Nullable(Type.String()),
  walletAddress: Type.String(),
  merchantAddress: Type.String(),
  refundedAmount: Type.Number({ description: 'TRX given back by confirmed refunds' }),
  refundableAmount: Type.Number({
    description: 'TRX that may still be refunded: the confirmed payment less pending and confirmed refunds',
  }),
  refunds: Type.Array(RefundView, { description: 'Every refund of the order, oldest first' }),
  createdAt: IsoDate,
  updatedAt: IsoDate,
};

/** One order as both views show it (the docs' example; total = subtotal - 0.01 TRX network fee). */
const EXAMPLE_ORDER_FIELDS = {
  _id: '6760c0f4a1b2c3d4e5f60730',
  orderId: '#TRX-1042',
  products: [
    {
      productId: '6760c0f4a1b2c3d4e5f60718',
      name: 'Ledger Nano X',
      price: 149.5,
      quantity: 1,
      color: 'black',
    },
  ],
  subtotal: 149.5,
  networkFee: -0.01,
  discount: 0,
  total: 149.49,
  status: 'completed',
  paymentMethod: 'TRC-20',
  transactionHash: '4c9b3f7d2a1e0b8c6d5f4e3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c',
  walletAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  merchantAddress: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
  refundedAmount: 0,
  refundableAmount: 149.49,
  refunds: [],
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:02:30.000Z',
};

export const OrderView = Type.Object(
  { ...orderFields, userId: Type.String() },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'Order',
    examples: [{ ...EXAMPLE_ORDER_FIELDS, userId: '6760c0f4a1b2c3d4e5f60701' }],
  },
);

const CustomerRef = Type.Object(
  { _id: Type.String(), username: Type.String(), email: Type.String() },
  { additionalProperties: false },
);

/** Admin lists show the user populated, and txHash beside transactionHash (specification). */
export const SaleView = Type.Object(
  { ...orderFields, userId: Nullable(CustomerRef), txHash: Nullable(Type.String()) },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'Sale',
    examples: [
      {
        ...EXAMPLE_ORDER_FIELDS,
        userId: { _id: '6760c0f4a1b2c3d4e5f60701', username: 'ann', email: 'ann@example.com' },
        txHash: EXAMPLE_ORDER_FIELDS.transactionHash,
      },
    ],
  },
);

/** What an order of some lines would cost now: its lines and price exactly as the order would hold them. */
export const QuoteView = Type.Object(
  {
    products: Type.Array(OrderLineView),
    subtotal: Type.Number({ description: 'TRX' }),
    networkFee: Type.Number({ description: 'TRX: the -0.01 TRX reduction the shop grants every order' }),
    discount: Type.Number({ description: 'TRX' }),
    total: Type.Number({ description: 'TRX: what the order would cost, subtotal + networkFee - discount' }),
  },
  {
    additionalProperties: false,
    [COMPONENT_NAME]: 'OrderQuote',
    examples: [
      {
        products: EXAMPLE_ORDER_FIELDS.products,
        subtotal: EXAMPLE_ORDER_FIELDS.subtotal,
        networkFee: EXAMPLE_ORDER_FIELDS.networkFee,
        discount: EXAMPLE_ORDER_FIELDS.discount,
        total: EXAMPLE_ORDER_FIELDS.total,
      },
    ],
  },
);

const presentLine = (line: OrderLine) => ({
  productId: line.productId,
  name: line.name,
  price: sunToTrx(line.priceSun),
  quantity: line.quantity,
  color: line.color,
});

/** Lines and price in TRX, the same for an order and for a quote. */
const presentPricedLines = (priced: PricedLines) => ({
  products: priced.lines.map(presentLine),
  subtotal: sunToTrx(priced.subtotalSun),
  networkFee: sunToTrx(priced.networkFeeSun),
  discount: sunToTrx(priced.discountSun),
  total: sunToTrx(priced.totalSun),
});

export const presentQuote = presentPricedLines;

const presentOrderFields = (order: Order) => ({
  _id: order.id,
  orderId: formatOrderNumber(order.number),
  ...presentPricedLines(order),
  status: order.status,
  paymentMethod: order.paymentMethod,
  transactionHash: order.transactionHash,
  walletAddress: order.walletAddress,
  merchantAddress: order.merchantAddress,
  refundedAmount: sunToTrx(order.refundedSun),
  refundableAmount: sunToTrx(refundableSun(order)),
  refunds: order.refunds.map((refund) => ({
    amount: sunToTrx(refund.amountSun),
    reason: refund.reason,
    status: refund.state,
    txHash: refund.txId,
    createdAt: refund.claimedAt.toISOString(),
  })),
  createdAt: order.createdAt.toISOString(),
  updatedAt: order.updatedAt.toISOString(),
});

export const presentOrder = (order: Order) => ({ ...presentOrderFields(order), userId: order.userId });

export const presentSale = ({ order, customer }: OrderWithCustomer) => ({
  ...presentOrderFields(order),
  userId: customer ? { _id: customer.id, username: customer.username, email: customer.email } : null,
  txHash: order.transactionHash,
});
