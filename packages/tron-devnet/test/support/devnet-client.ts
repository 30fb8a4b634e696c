import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import { TronWeb, utils } from 'tronweb';
import { type DevnetOptions, type RunningDevnet, startDevnet } from '../../src/index.js';

export const SOLID_DEPTH = 2;
export const TRX = 1_000_000;

export interface TestAccount {
  readonly base58: string;
  readonly hex: string;
  readonly privateKey: string;
}

export type Json = Record<string, unknown>;

/** A devnet with hand-made blocks, a TronWeb client on it, and the control endpoints as functions. */
export class DevnetClient {
  readonly devnet: RunningDevnet;
  readonly tronWeb: TronWeb;
  readonly control: DevnetControl;

  private constructor(devnet: RunningDevnet) {
    this.devnet = devnet;
    this.tronWeb = new TronWeb({ fullHost: devnet.url });
    this.control = devnetControl(devnet.url, { solidDepth: SOLID_DEPTH });
  }

  static async start(options: DevnetOptions = {}): Promise<DevnetClient> {
    return new DevnetClient(await startDevnet({ blockIntervalMs: 0, solidDepth: SOLID_DEPTH, ...options }));
  }

  stop(): Promise<void> {
    return this.devnet.stop();
  }

  async post(path: string, body: unknown = {}, signal?: AbortSignal): Promise<Json> {
    const response = await fetch(`${this.devnet.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal === undefined ? {} : { signal }),
    });
    return (await response.json()) as Json;
  }

  async get(pathWithQuery: string): Promise<Json> {
    return (await (await fetch(`${this.devnet.url}${pathWithQuery}`)).json()) as Json;
  }

  async produceBlocks(count: number): Promise<number> {
    return (await this.control.produceBlocks(count)).head;
  }

  async headNumber(): Promise<number> {
    return (await this.control.state()).head;
  }

  /** Funds a new account from genesis and waits (by producing blocks) until the funding is solid. */
  async fundedAccount(amountSun: number): Promise<TestAccount> {
    const account = newAccount();
    await this.control.fundSolid(account.base58, amountSun);
    return account;
  }

  /** Built and signed by TronWeb exactly as an application would (TAPOS from `wallet/getblock`). */
  async signedTransfer(from: TestAccount, to: string, amountSun: number) {
    const unsigned = await this.tronWeb.transactionBuilder.sendTrx(to, amountSun, from.base58);
    return this.tronWeb.trx.sign(unsigned, from.privateKey);
  }

  async transfer(from: TestAccount, to: string, amountSun: number) {
    const signed = await this.signedTransfer(from, to, amountSun);
    const reply = await this.tronWeb.trx.sendRawTransaction(signed);
    return { signed, reply: reply as unknown as Json };
  }

  async solidBalance(address: string): Promise<number> {
    return this.tronWeb.trx.getBalance(address);
  }

  async headBalance(address: string): Promise<number> {
    return this.tronWeb.trx.getUnconfirmedBalance(address);
  }
}

export const newAccount = (): TestAccount => {
  const account = utils.accounts.generateAccount();
  return {
    base58: account.address.base58,
    hex: account.address.hex.toLowerCase(),
    privateKey: account.privateKey,
  };
};

export const decodeMessage = (reply: Json): string =>
  Buffer.from(String(reply.message), 'hex').toString('utf8');
