import type { BroadcastOutcome, ChainPort, CreatedWallet, UsdtChain } from '@trx-shop/domain';

/** 1 USDT in base units: every transfer of the bench moves this much. */
export const TRANSFER_USDT_UNITS = 1_000_000;

export type SentUsdtTransfer =
  | { readonly txId: string; readonly outcome: BroadcastOutcome }
  /** The adapter threw before the broadcast answered (a node that could not be read, say). */
  | { readonly error: string };

/** The adapter's USDT side; the bench configures a contract, so its absence is a set-up fault. */
export const usdtOf = (chain: ChainPort): UsdtChain => {
  if (chain.usdt === null) throw new Error('the chain adapter was built without a USDT contract');
  return chain.usdt;
};

/**
 * One transfer as the service would send it: the adapter's fee estimate, a `transfer` call
 * signed with the estimate's fee limit, and the broadcast.
 */
export const sendUsdtTransfer = async (
  chain: ChainPort,
  sender: CreatedWallet,
  toAddress: string,
): Promise<SentUsdtTransfer> => {
  const usdt = usdtOf(chain);
  const request = { fromAddress: sender.address, toAddress, amount: TRANSFER_USDT_UNITS };
  try {
    const { feeLimitSun } = await usdt.estimateTransferFee(request);
    const signed = await usdt.signTransfer({ ...request, feeLimitSun }, sender.privateKey);
    return { txId: signed.txId, outcome: await chain.broadcast(signed.signedTransaction) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { error: `${typeof code === 'string' ? `${code}: ` : ''}${(error as Error).message}` };
  }
};

/** The transaction id of a transfer the node accepted, or why it did not reach the node. */
export const acceptanceOf = (
  sent: SentUsdtTransfer,
): { readonly txId: string } | { readonly refusal: string } => {
  if ('error' in sent) return { refusal: `the adapter failed: ${sent.error}` };
  if (sent.outcome.kind === 'rejected')
    return { refusal: `refused at broadcast: ${sent.outcome.code} ${sent.outcome.reason}` };
  if (sent.outcome.kind === 'unknown')
    return { refusal: `no answer to the broadcast: ${sent.outcome.reason}` };
  return { txId: sent.txId };
};
