import type { DevnetChain } from '../chain/chain.js';
import { nodeInfoJson } from './node-info-json.js';
import type { RouteHandler } from './server.js';

export interface NodeInfoRouteDeps {
  readonly chain: DevnetChain;
}

export const nodeInfoRoutes = ({ chain }: NodeInfoRouteDeps): [string, RouteHandler][] => [
  ['/wallet/getnodeinfo', () => ({ body: nodeInfoJson(chain.head, chain.solidBlock) })],
  // java-tron answers it through the solidity cursor, which sees the chain as of the solid block
  // (the devnet keeps no record of which block was solid back then, so both name the solid block).
  ['/walletsolidity/getnodeinfo', () => ({ body: nodeInfoJson(chain.solidBlock, chain.solidBlock) })],
];
