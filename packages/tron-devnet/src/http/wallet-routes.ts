import type { FeeSchedule } from '../options.js';
import { toHexAddress } from '../chain/addresses.js';
import type { ChainView, DevnetChain } from '../chain/chain.js';
import type { BlockRecord, TransactionRecord } from '../chain/chain-state.js';
import { refuse } from '../chain/refusals.js';
import {
  decodeSignedTransaction,
  type JsonObject,
  UnparsableTransactionError,
} from '../chain/signed-transaction.js';
import { type BroadcastFaults, FAIL_IN_BLOCK } from './broadcast-faults.js';
import {
  accountJson,
  accountResourceJson,
  blockJson,
  broadcastJson,
  transactionInfoJson,
  transactionJson,
} from './java-tron-json.js';
import { NO_ANSWER, type RouteAnswer, type RouteHandler } from './server.js';
import { solidBlockReplies } from './solid-block-replies.js';

export interface WalletRouteDeps {
  readonly chain: DevnetChain;
  readonly faults: BroadcastFaults;
  readonly fees: FeeSchedule;
}

const ok = (body: unknown): RouteAnswer => ({ body });
const EMPTY = ok({});
const invalidHex = ok({
  Error: 'class org.tron.core.services.http.JsonFormat$ParseException : INVALID hex String',
});

const BLOCK_ID = /^[0-9a-f]{64}$/;
const BLOCK_NUMBER = /^\d+$/;

const idOf = (params: JsonObject, field: string): string | null => {
  const value = params[field];
  return typeof value === 'string' ? value.toLowerCase() : null;
};

export const walletRoutes = ({ chain, faults, fees }: WalletRouteDeps): [string, RouteHandler][] => {
  const viewTime = (view: ChainView) => (view === 'head' ? chain.head : chain.solidBlock).timestamp;

  const detailedBlockJson = (block: BlockRecord, visible: boolean) =>
    blockJson(
      block,
      block.txIds.flatMap((txId) => chain.transaction(txId, 'head') ?? []),
      visible,
    );
  // Made in the form the deposit scanner asks for; the hex form is rendered on demand.
  const solidReplies = solidBlockReplies(chain, (block) => JSON.stringify(detailedBlockJson(block, true)));

  /** `visible: true` prints addresses in base58check, as java-tron does; hex otherwise. */
  const blockWithTransactions = (
    block: BlockRecord | undefined,
    detail: boolean,
    params: JsonObject,
  ): RouteAnswer => {
    if (block === undefined) return EMPTY;
    const visible = params.visible === true;
    return ok(detail ? detailedBlockJson(block, visible) : blockJson(block, null, visible));
  };

  const nowBlock =
    (view: ChainView): RouteHandler =>
    (params) =>
      blockWithTransactions(view === 'head' ? chain.head : chain.solidBlock, true, params);

  /** `id_or_num`: empty for the head, a decimal number, or a 64-hex block id. */
  const getBlock =
    (view: ChainView): RouteHandler =>
    (params) => {
      const detail = params.detail === true;
      const idOrNum = params.id_or_num;
      if (idOrNum === undefined || idOrNum === '') {
        return blockWithTransactions(view === 'head' ? chain.head : chain.solidBlock, detail, params);
      }
      const text = String(idOrNum).toLowerCase();
      if (BLOCK_NUMBER.test(text)) {
        return blockWithTransactions(chain.block(Number(text), view), detail, params);
      }
      if (BLOCK_ID.test(text)) return blockWithTransactions(chain.block(text, view), detail, params);
      return ok({ Error: `class java.lang.IllegalArgumentException : invalid id_or_num ${text}` });
    };

  /** A solid block is the same block in either view, so its reply made once serves both. */
  const getBlockByNum =
    (view: ChainView): RouteHandler =>
    (params) => {
      const number = Number(params.num ?? 0);
      const text = params.visible === true ? solidReplies.textOf(number) : undefined;
      return text === undefined ? blockWithTransactions(chain.block(number, view), true, params) : { text };
    };

  const getBlockById =
    (view: ChainView): RouteHandler =>
    (params) => {
      const id = idOf(params, 'value');
      return blockWithTransactions(id === null ? undefined : chain.block(id, view), true, params);
    };

  const getAccount =
    (view: ChainView): RouteHandler =>
    (params) => {
      if (params.address === undefined) return EMPTY;
      const address = toHexAddress(params.address);
      if (address === null) return invalidHex;
      const account = chain.account(address, view);
      return account === undefined ? EMPTY : ok(accountJson(account, viewTime(view)));
    };

  const getAccountResource: RouteHandler = (params) => {
    if (params.address === undefined) return EMPTY;
    const address = toHexAddress(params.address);
    if (address === null) return invalidHex;
    const account = chain.account(address, 'head');
    return account === undefined ? EMPTY : ok(accountResourceJson(account, viewTime('head'), fees));
  };

  const transactionLookup =
    (
      view: ChainView,
      render: (record: Readonly<TransactionRecord>, visible: boolean) => JsonObject,
    ): RouteHandler =>
    (params) => {
      const txId = idOf(params, 'value');
      const record = txId === null ? undefined : chain.transaction(txId, view);
      return record === undefined ? EMPTY : ok(render(record, params.visible === true));
    };

  /** Every info of a block, `[]` for an empty or unknown one, `{}` for num <= 0, as java-tron answers. */
  const transactionInfosOfBlock =
    (view: ChainView): RouteHandler =>
    (params) => {
      const text = String(params.num ?? 0);
      if (!/^-?\d+$/.test(text)) {
        return ok({
          Error: `class org.tron.core.services.http.JsonFormat$ParseException : invalid num ${text}`,
        });
      }
      const number = Number(text);
      if (number <= 0) return EMPTY;
      const block = chain.block(number, view);
      const records = (block?.txIds ?? []).flatMap((txId) => chain.transaction(txId, view) ?? []);
      return ok(records.map((record) => transactionInfoJson(record, params.visible === true)));
    };

  const broadcast: RouteHandler = (params) => {
    let transaction: ReturnType<typeof decodeSignedTransaction>;
    try {
      transaction = decodeSignedTransaction(params);
    } catch (error) {
      if (error instanceof UnparsableTransactionError) return ok({ Error: error.message });
      throw error;
    }
    switch (faults.take()) {
      case 'timeout':
        return NO_ANSWER;
      case 'accept-timeout':
        chain.broadcast(transaction);
        return NO_ANSWER;
      case 'fail-in-block':
        // Still validated: a transfer the node would refuse is refused, fault or not.
        return ok(broadcastJson(chain.broadcast(transaction, FAIL_IN_BLOCK)));
      case 'drop':
        return ok(broadcastJson({ kind: 'accepted', txId: transaction.txId }));
      case 'reject':
        return ok(
          broadcastJson({
            kind: 'refused',
            txId: transaction.txId,
            refusal: refuse.other('devnet fault: rejected'),
          }),
        );
      default:
        return ok(broadcastJson(chain.broadcast(transaction)));
    }
  };

  return [
    ['/wallet/getnowblock', nowBlock('head')],
    ['/walletsolidity/getnowblock', nowBlock('solid')],
    ['/wallet/getblock', getBlock('head')],
    ['/walletsolidity/getblock', getBlock('solid')],
    ['/wallet/getblockbynum', getBlockByNum('head')],
    ['/walletsolidity/getblockbynum', getBlockByNum('solid')],
    ['/wallet/getblockbyid', getBlockById('head')],
    ['/walletsolidity/getblockbyid', getBlockById('solid')],
    ['/wallet/getaccount', getAccount('head')],
    ['/walletsolidity/getaccount', getAccount('solid')],
    ['/wallet/getaccountresource', getAccountResource],
    ['/wallet/broadcasttransaction', broadcast],
    ['/wallet/gettransactionbyid', transactionLookup('head', transactionJson)],
    ['/walletsolidity/gettransactionbyid', transactionLookup('solid', transactionJson)],
    ['/wallet/gettransactioninfobyid', transactionLookup('head', transactionInfoJson)],
    ['/walletsolidity/gettransactioninfobyid', transactionLookup('solid', transactionInfoJson)],
    ['/wallet/gettransactioninfobyblocknum', transactionInfosOfBlock('head')],
    ['/walletsolidity/gettransactioninfobyblocknum', transactionInfosOfBlock('solid')],
    // TronWeb's isConnected() asks the event server (the same host under fullHost) for this page.
    ['/healthcheck', () => ok({ status: 'ok' })],
  ];
};
