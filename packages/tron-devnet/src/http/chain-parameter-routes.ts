import type { FeeSchedule } from '../options.js';
import { chainParametersJson, pricesJson } from './chain-parameters-json.js';
import type { RouteHandler } from './server.js';

export interface ChainParameterRouteDeps {
  readonly fees: FeeSchedule;
}

/** Where java-tron serves each (the solidity API has the price histories, not the parameters). */
export const chainParameterRoutes = ({ fees }: ChainParameterRouteDeps): [string, RouteHandler][] => {
  const parameters: RouteHandler = () => ({ body: chainParametersJson(fees) });
  const energyPrices: RouteHandler = () => ({ body: pricesJson(fees.energyFeeSun) });
  const bandwidthPrices: RouteHandler = () => ({ body: pricesJson(fees.burnSunPerByte) });
  return [
    ['/wallet/getchainparameters', parameters],
    ['/wallet/getenergyprices', energyPrices],
    ['/walletsolidity/getenergyprices', energyPrices],
    ['/wallet/getbandwidthprices', bandwidthPrices],
    ['/walletsolidity/getbandwidthprices', bandwidthPrices],
  ];
};
