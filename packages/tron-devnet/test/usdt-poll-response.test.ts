import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVNET_USDT_CONTRACT } from '../src/index.js';
import { DevnetClient, newAccount, SOLID_DEPTH, type TestAccount, TRX } from './support/devnet-client.js';
import { holdTronWebPollPauses } from './support/tronweb-poll-pause.js';
import { tronWebOf, USDT } from './support/usdt.js';

/**
 * `send({shouldPollResponse: true})` polls walletsolidity/gettransactioninfobyid: `{}` until the
 * block is solid, then it decodes `contractResult` or throws the decoded `resMessage` of a FAILED one.
 */
describe("TronWeb's send({ shouldPollResponse: true }) against the devnet", () => {
  let client: DevnetClient;
  let sender: TestAccount;
  let pauses: ReturnType<typeof holdTronWebPollPauses>;

  beforeAll(async () => {
    client = await DevnetClient.start();
    sender = await client.fundedAccount(200 * TRX);
    await client.control.mintUsdt(sender.base58, 10 * USDT);
  });
  afterAll(() => client.stop());
  beforeEach(() => {
    pauses = holdTronWebPollPauses();
  });
  afterEach(() => pauses.restore());

  /** Sends, lets the first poll find nothing, makes the block solid, then lets TronWeb look again. */
  const sendAndSettle = async (amount: number) => {
    const contract = await tronWebOf(client, sender).contract().at(DEVNET_USDT_CONTRACT);
    const sending = contract
      .transfer(newAccount().base58, amount)
      .send({ feeLimit: 50_000_000, shouldPollResponse: true });
    // Fails the test at once should the send reject before its first pause.
    await Promise.race([pauses.paused(), sending]);
    await client.produceBlocks(1 + SOLID_DEPTH);
    pauses.release();
    return sending;
  };

  it('answers false for a successful transfer, as mainnet USDT returns 32 zero bytes', async () => {
    expect(await sendAndSettle(1 * USDT)).toBe(false);
  });

  it('answers true once /devnet/usdt/settings makes transfer return true', async () => {
    await client.control.usdtSettings({ transferReturnsTrue: true });
    try {
      expect(await sendAndSettle(1 * USDT)).toBe(true);
    } finally {
      await client.control.usdtSettings({ transferReturnsTrue: false });
    }
  });

  it('throws the decoded resMessage of a transfer that landed as REVERT', async () => {
    await expect(sendAndSettle(1_000 * USDT)).rejects.toThrow('REVERT opcode executed');
  });
});
