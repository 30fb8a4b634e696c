import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';

const loaded = (env: Record<string, string>) => loadConfig(env);

const acceptedOf = (value: string): readonly string[] => {
  const result = loaded({ ACCEPTED_CURRENCIES: value });
  if (!result.ok) throw new Error(`refused: ${result.problems.join('; ')}`);
  return result.config.acceptedCurrencies;
};

const problemsOf = (value: string): string[] => {
  const result = loaded({ ACCEPTED_CURRENCIES: value });
  return result.ok ? [] : result.problems;
};

describe('ACCEPTED_CURRENCIES', () => {
  it('accepts TRX and USDT when unset', () => {
    const result = loaded({});
    expect(result.ok && result.config.acceptedCurrencies).toEqual(['TRX', 'USDT']);
  });

  it('takes TRX alone, USDT alone, or both in any order and spacing, answered TRX first and once each', () => {
    expect(acceptedOf('TRX')).toEqual(['TRX']);
    expect(acceptedOf('USDT')).toEqual(['USDT']);
    expect(acceptedOf(' USDT , TRX ')).toEqual(['TRX', 'USDT']);
    expect(acceptedOf('TRX,USDT,TRX')).toEqual(['TRX', 'USDT']);
  });

  it('refuses a name that is not a currency, naming the variable and the names it takes', () => {
    expect(problemsOf('TRX,USDC')).toEqual([
      'ACCEPTED_CURRENCIES: "USDC" is not a currency the shop can accept (TRX, USDT)',
    ]);
    expect(problemsOf('trx,btc')).toEqual([
      'ACCEPTED_CURRENCIES: "trx", "btc" are not currencies the shop can accept (TRX, USDT)',
    ]);
  });

  it('refuses an empty value: a shop accepting nothing', () => {
    for (const value of ['', '  ', ',', ' , ']) {
      expect(problemsOf(value)).toEqual([
        `ACCEPTED_CURRENCIES: must name at least one of TRX, USDT, separated by commas, got ${JSON.stringify(value)}`,
      ]);
    }
  });
});
