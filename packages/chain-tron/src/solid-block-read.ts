/**
 * `walletsolidity/getblockbynum` over Node's own fetch rather than TronWeb's axios: the deposit
 * scanner reads every block of the chain, and axios's per-request machinery (config merging,
 * interceptors, redirects) cost as much as parsing the block itself. Same host, API key header
 * and timeout as every other call to the node.
 */
export const solidBlockReader = (options: {
  readonly fullHost: string;
  readonly apiKey?: string | undefined;
  readonly timeoutMs: number;
}) => {
  const url = `${options.fullHost.replace(/\/+$/, '')}/walletsolidity/getblockbynum`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : {}),
  };
  return async (number: number): Promise<unknown> => {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ num: number }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    return response.json();
  };
};
