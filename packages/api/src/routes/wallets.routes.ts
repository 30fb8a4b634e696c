import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { estimateFee, MAX_WITHDRAWAL_SUN, SUN_PER_TRX, walletBalances, withdraw } from '@trx-shop/domain';
import { Type } from 'typebox';
import { domainLogger } from '../adapters/fastify-logger.js';
import {
  errorResponses,
  MessageText,
  TronAddressInput,
  TrxAmountInput,
  TrxAmountQuery,
} from '../http/schemas.js';
import { identityOf } from '../plugins/auth.js';
import { BEARER_OR_COOKIE } from '../plugins/openapi.js';
import { FeeEstimateView, presentFeeEstimate } from './presenters/fee-estimate.presenter.js';
import { presentTransferSummary, TransferSummary } from './presenters/transaction.presenter.js';
import { presentWalletBalances, WalletBalancesView } from './presenters/wallet-balances.presenter.js';
import type { RouteOptions } from './route-options.js';
import { paymentDeps } from '../use-case-deps.js';

const SendBody = Type.Object(
  {
    toAddress: TronAddressInput('the recipient; not the wallet’s own address'),
    amount: TrxAmountInput('TRX, > 0, at most 6 decimals, at most 1,000,000,000', {
      maxTrx: MAX_WITHDRAWAL_SUN / SUN_PER_TRX,
    }),
    code: Type.Optional(Type.String({ maxLength: 16, description: 'TOTP code, required when 2FA is on' })),
  },
  {
    additionalProperties: false,
    examples: [{ toAddress: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount: 25.5, code: '492039' }],
  },
);

const FeeEstimateQuery = Type.Object(
  {
    to: Type.Optional(
      TronAddressInput('a withdrawal to this address; absent: a payment to the merchant wallet'),
    ),
    amount: TrxAmountQuery('TRX the transfer would send (an order total, a withdrawal amount)', {
      maxTrx: MAX_WITHDRAWAL_SUN / SUN_PER_TRX,
    }),
  },
  { additionalProperties: false },
);

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
});

export const walletRoutes: FastifyPluginAsyncTypebox<RouteOptions> = async (app, { deps }) => {
  const payments = paymentDeps(deps, domainLogger(app.log));
  const schemaBase = { tags: ['wallets'], security: BEARER_OR_COOKIE };

  app.get(
    '/api/wallets/balance',
    {
      preValidation: app.requireUser,
      schema: {
        ...schemaBase,
        operationId: 'getWalletBalance',
        summary:
          'Confirmed balances of the custodial wallet (TRX, and USDT when on), what it has in flight, and the TRX a USDT transfer burns',
        description:
          "For a signed-in user: asks the TRON node for the custodial wallet's solidified balance in each currency the service follows and adds what the service has in flight from it; `balance` and `pendingOutgoing` are the TRX entry's, kept for TRX-only clients. `usdtTransferFee` is the TRX one USDT transfer to the merchant wallet would burn now. Changes nothing.",
        response: {
          200: WalletBalancesView,
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    async (request) => {
      const balances = await walletBalances(payments, identityOf(request).user);
      if (!balances.ok) throw balances.error;
      return presentWalletBalances(balances.value);
    },
  );

  app.get(
    '/api/wallets/fee-estimate',
    {
      preValidation: app.requireUser,
      schema: {
        ...schemaBase,
        operationId: 'getFeeEstimate',
        summary:
          'The chain fee a payment or a withdrawal of an amount would burn, and whether the wallet covers it',
        description:
          "For a signed-in user: the TRX the TRON network would burn from the custodial wallet for one transfer of `amount`: to the merchant wallet (a payment; `to` absent) or to `to` (a withdrawal). It is the estimate the pay and withdrawal balance checks add to the amount, read from the node now: 0 while the wallet's bandwidth (the daily free allowance or staked) covers the transaction, every byte of it burned when it does not, and the account-creation fees when the recipient account does not exist yet. `shortfall` is what the wallet still lacks after the transfers already in flight; changes nothing, reserves nothing. Admins pay no orders: their payment estimate answers 403 FORBIDDEN (a withdrawal's is answered).",
        querystring: FeeEstimateQuery,
        response: {
          200: FeeEstimateView,
          ...errorResponses(400, 401, 403, 503),
        },
      },
    },
    async (request) => {
      const { user } = identityOf(request);
      const estimate = await estimateFee(payments, user, {
        toAddress: request.query.to ?? null,
        amount: request.query.amount,
      });
      if (!estimate.ok) throw estimate.error;
      return presentFeeEstimate(estimate.value);
    },
  );

  app.post(
    '/api/wallets/send',
    {
      preValidation: app.requireUser,
      config: { rateLimit: app.strictRateLimit },
      schema: {
        ...schemaBase,
        operationId: 'sendFromWallet',
        summary: 'Withdraw TRX from the custodial wallet (Idempotency-Key honoured for 24 h)',
        description:
          "For a signed-in user: signs and broadcasts a TRX transfer from the caller's custodial wallet to another TRON address (with a TOTP code when 2FA is on). The same Idempotency-Key within 24 hours answers the first withdrawal again instead of sending twice.",
        headers: IdempotencyHeaders,
        body: SendBody,
        response: {
          200: Type.Object(
            {
              success: Type.Literal(true),
              message: MessageText('Withdrawal sent; awaiting confirmation'),
              transaction: TransferSummary,
            },
            { additionalProperties: false },
          ),
          ...errorResponses(401, 403, 409, 422, 502, 503),
        },
      },
    },
    async (request) => {
      const { user } = identityOf(request);
      const { toAddress, amount, code } = request.body;
      const sent = await withdraw({ ...payments, totp: deps.totp }, user, {
        toAddress,
        amount,
        twoFactorCode: code ?? null,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
      });
      if (!sent.ok) throw sent.error;
      return {
        success: true as const,
        message: 'Withdrawal sent; awaiting confirmation',
        transaction: presentTransferSummary(sent.value),
      };
    },
  );
};
