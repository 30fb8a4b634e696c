import {
  type BroadcastOutcome,
  type ChainPort,
  type ChainTransaction,
  type CreatedWallet,
  domainError,
  type FeeEstimate,
  type SignedTransfer,
  type Sun,
  type TransferLookup,
  type TransferRequest,
} from '@trx-shop/domain';
import type { Types } from 'tronweb';
import { TronWeb } from './tronweb-library.js';
import { accountExists, balanceOfAccountReply, bandwidthOfResourceReply } from './account-replies.js';
import { isBase58Address, requireBase58Address, requireTransferParties } from './addresses.js';
import { outcomeOfBroadcastFailure, outcomeOfBroadcastReply } from './broadcast-outcome.js';
import { chainUnavailable, readFromNode } from './chain-unavailable.js';
import { chainTransactionOf, isEmptyReply, type TransactionReplies } from './chain-transaction.js';
import { blockHeaderOf, integerField, isRecord, MalformedReplyError } from './node-replies.js';
import { knownAccounts } from './known-accounts.js';
import { requestPace } from './request-pace.js';
import { readSolidBlockReply, tokenTransfersOfBlockInfos } from './solid-block.js';
import { nodeHttpClient } from './node-http.js';
import { referenceBlockOfReply } from './reference-block.js';
import { lookupOfTransactionInfo } from './transfer-lookup.js';
import { parseSignedTransaction, signedTransferOf } from './signed-transaction.js';
import { createTronClient } from './tron-client.js';
import { signTransaction } from './transaction-signing.js';
import { MAINNET_FEE_SCHEDULE, type TransferFeeSchedule, transferFeeSun } from './transfer-fee.js';
import { signedTransferBandwidthBytes, transferRawDataBytes } from './transfer-size.js';
import { uniqueTimestamp } from './unique-timestamp.js';
import { createTronUsdt, type TronUsdtOptions, tokenContractOf } from './tron-usdt.js';

export interface TronChainOptions {
  /** Node base URL: TronGrid (`https://api.trongrid.io`), Shasta, Nile or the devnet. */
  readonly fullHost: string;
  /** Sent as `TRON-PRO-API-KEY` (TronGrid) when given. */
  readonly apiKey?: string | undefined;
  /** Applies to every HTTP call to the node. */
  readonly timeoutMs: number;
  /** Chain fee parameters; mainnet values unless the network is configured otherwise. */
  readonly feeSchedule?: Partial<TransferFeeSchedule> | undefined;
  /** At most this many solid-block reads per second (the deposit scanner's); 0 or absent: no limit. */
  readonly scanRequestsPerSecond?: number | undefined;
  /** The USDT token contract and its fee settings; absent: USDT off (`usdt` is null). */
  readonly usdt?: TronUsdtOptions | undefined;
}

export const createTronChain = (options: TronChainOptions): ChainPort => {
  const tronWeb = createTronClient(options);
  const post = nodeHttpClient(options);
  const accountRequest = (address: string): string =>
    JSON.stringify({ address: TronWeb.address.toHex(address) });
  const existingAccounts = knownAccounts();
  const recipientExists = async (address: string): Promise<boolean> => {
    if (existingAccounts.has(address)) return true;
    const exists = await readFromNode(
      'read the recipient account',
      () => post('wallet/getaccount', accountRequest(address)),
      accountExists,
    );
    if (exists) existingAccounts.remember(address);
    return exists;
  };
  const paceScan = requestPace(options.scanRequestsPerSecond ?? 0);
  const feeSchedule: TransferFeeSchedule = { ...MAINNET_FEE_SCHEDULE, ...options.feeSchedule };
  const usdt = options.usdt ? createTronUsdt(options.usdt, { tronWeb, post, feeSchedule }) : null;
  // Read after createTronUsdt has checked the address, so a bad USDT_CONTRACT is named as such.
  const token = options.usdt ? tokenContractOf(options.usdt.contractAddress) : null;

  const requireTransfer = (request: TransferRequest): TransferRequest => {
    requireTransferParties(request);
    if (request.fromAddress === request.toAddress) {
      throw domainError('VALIDATION_ERROR', 'TRON refuses a transfer to the sending account itself');
    }
    if (!Number.isSafeInteger(request.amountSun) || request.amountSun <= 0) {
      throw domainError('VALIDATION_ERROR', 'transfer amount must be a positive whole number of SUN');
    }
    return request;
  };

  const readBalance = async (address: string, confirmed: boolean): Promise<Sun> => {
    requireBase58Address(address, 'address');
    return readFromNode(
      'read a balance',
      () => post(confirmed ? 'walletsolidity/getaccount' : 'wallet/getaccount', accountRequest(address)),
      balanceOfAccountReply,
    );
  };

  const headTimestamp = (block: unknown): Date => {
    const header = blockHeaderOf(block);
    const timestamp = header === undefined ? undefined : integerField(header, 'timestamp');
    if (timestamp === undefined) throw new MalformedReplyError('block has no header timestamp');
    return new Date(timestamp);
  };

  const solidBlockNumber = (): Promise<number> =>
    readFromNode(
      'read the solidified head block',
      () => tronWeb.trx.getConfirmedCurrentBlock(),
      (block) => {
        const header = blockHeaderOf(block);
        if (header === undefined) throw new MalformedReplyError('block has no header');
        // java-tron omits default values: block 0 has no `number` field.
        return integerField(header, 'number') ?? 0;
      },
    );

  const solidifiedHeadTime = (): Promise<Date> =>
    readFromNode(
      'read the solidified head block',
      () => tronWeb.trx.getConfirmedCurrentBlock(),
      headTimestamp,
    );

  return {
    async createWallet(): Promise<CreatedWallet> {
      // Generated locally from a CSPRNG; the key never touches the node.
      const account = await TronWeb.createAccount();
      return { address: account.address.base58, privateKey: account.privateKey };
    },

    isValidAddress: isBase58Address,

    getConfirmedBalance: (address) => readBalance(address, true),

    getUnconfirmedBalance: (address) => readBalance(address, false),

    async estimateTransferFee(request): Promise<FeeEstimate> {
      const { fromAddress, toAddress, amountSun } = requireTransfer(request);
      const [recipientIsActive, sender] = await Promise.all([
        recipientExists(toAddress),
        readFromNode(
          'read the sender bandwidth',
          () => post('wallet/getaccountresource', accountRequest(fromAddress)),
          bandwidthOfResourceReply,
        ),
      ]);
      // Sized by arithmetic rather than by building the transfer (a test holds the two equal).
      const bandwidthBytes = signedTransferBandwidthBytes(transferRawDataBytes(amountSun));
      const feeSun = transferFeeSun({
        bandwidthBytes,
        sender,
        recipientExists: recipientIsActive,
        schedule: feeSchedule,
      });
      return { feeSun, createsAccount: !recipientIsActive };
    },

    async signTransfer(request, privateKey): Promise<SignedTransfer> {
      const { fromAddress, toAddress, amountSun } = requireTransfer(request);
      let unsigned: Types.Transaction<Types.TransferContract>;
      try {
        // TAPOS reference and expiration (head time + 60 s) come from the node's head block, read
        // for each transfer: a devnet's chain time can jump (control.advanceTime), and a head kept
        // from before would then sign an already expired transfer.
        const head = referenceBlockOfReply(await post('wallet/getblock', '{"detail":false}'));
        unsigned = await tronWeb.transactionBuilder.sendTrx(toAddress, amountSun, fromAddress, {
          blockHeader: { ...head, timestamp: uniqueTimestamp(head.timestamp) },
        });
      } catch (error) {
        throw chainUnavailable('provide a reference block', error);
      }
      try {
        return signedTransferOf(signTransaction(unsigned, privateKey));
      } catch {
        // A fixed text: whatever went wrong, the answer never quotes the key material.
        throw domainError('INTERNAL_ERROR', 'the wallet key could not sign a transfer from its address');
      }
    },

    async broadcast(signedTransaction): Promise<BroadcastOutcome> {
      parseSignedTransaction(signedTransaction);
      let reply: unknown;
      try {
        reply = await post('wallet/broadcasttransaction', signedTransaction);
      } catch (error) {
        return outcomeOfBroadcastFailure(error);
      }
      return outcomeOfBroadcastReply(reply);
    },

    async lookupTransfer(txId): Promise<TransferLookup> {
      if (!/^[0-9a-fA-F]{64}$/.test(txId)) {
        throw domainError('VALIDATION_ERROR', 'a TRON transaction id is 64 hex characters');
      }
      return readFromNode(
        'look up a transaction',
        () => tronWeb.trx.getTransactionInfo(txId.toLowerCase()),
        (info) => lookupOfTransactionInfo(info, token),
      );
    },

    async findTransaction(txId): Promise<ChainTransaction> {
      if (!/^[0-9a-fA-F]{64}$/.test(txId)) {
        throw domainError('VALIDATION_ERROR', 'a TRON transaction id is 64 hex characters');
      }
      const value = txId.toLowerCase();
      const ask = (node: typeof tronWeb.fullNode, path: string) => node.request(path, { value }, 'post');
      return readFromNode(
        'look up a transaction',
        async (): Promise<TransactionReplies> => {
          const solid: unknown = await ask(tronWeb.solidityNode, 'walletsolidity/gettransactionbyid');
          if (isEmptyReply(solid)) return { head: await ask(tronWeb.fullNode, 'wallet/gettransactionbyid') };
          return { solid, info: await ask(tronWeb.solidityNode, 'walletsolidity/gettransactioninfobyid') };
        },
        (replies) => chainTransactionOf(replies as TransactionReplies, token),
      );
    },

    solidifiedHeadTime,

    solidBlockNumber,

    async solidBlock(number) {
      if (!Number.isSafeInteger(number) || number < 0) {
        throw domainError('VALIDATION_ERROR', 'a block number is a whole number from 0');
      }
      await paceScan();
      const read = await readFromNode(
        'read a solidified block',
        // `visible`: addresses in base58check, converted by the node instead of this process.
        () => post('walletsolidity/getblockbynum', JSON.stringify({ num: number, visible: true }), 'latin1'),
        readSolidBlockReply,
      );
      // Token transfers live in the calls' logs, which only the transaction infos carry: read
      // when the token is followed and the block holds a contract call that could have logged one.
      if (read === null || token === null || !read.callsContracts) return read?.block ?? null;
      await paceScan();
      const usdtTransfers = await readFromNode(
        'read the transaction infos of a solidified block',
        () => post('walletsolidity/gettransactioninfobyblocknum', JSON.stringify({ num: number }), 'latin1'),
        (reply) => tokenTransfersOfBlockInfos(reply, token),
      );
      return { ...read.block, usdtTransfers };
    },

    async genesisBlockId() {
      return readFromNode(
        'read the genesis block',
        () => tronWeb.fullNode.request('wallet/getblockbynum', { num: 0 }, 'post'),
        (reply) => {
          if (
            !isRecord(reply) ||
            typeof reply.blockID !== 'string' ||
            !/^[0-9a-f]{64}$/.test(reply.blockID)
          ) {
            throw new MalformedReplyError('the genesis block has no blockID');
          }
          return reply.blockID;
        },
      );
    },

    async reachableSolidHead(): Promise<number | null> {
      try {
        const [solidHead] = await Promise.all([
          solidBlockNumber(),
          tronWeb.trx.getCurrentBlock().then(headTimestamp),
        ]);
        return solidHead;
      } catch {
        return null;
      }
    },

    usdt,
  };
};
