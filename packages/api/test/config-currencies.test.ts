import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';

const loaded = (env: Record<string, string>) => loadConfig(env);

const acceptedOf = (value: string | undefined, env: Record<string, string> = {}): readonly string[] => {
  const result = loaded({ ...env, ...(value === undefined ? {} : { ACCEPTED_CURRENCIES: value }) });
  if (!result.ok) throw new Error(`refused: ${result.problems.join('; ')}`);
  return result.config.acceptedCurrencies;
};

const problemsOf = (value: string, env: Record<string, string> = {}): string[] => {
  const result = loaded({ ...env, ACCEPTED_CURRENCIES: value });
  return result.ok ? [] : result.problems;
};

const USDT_OFF = { USDT_CONTRACT: 'off' };
/** A node whose network is not declared: no network USDT applies, so USDT is off unless named. */
const UNDECLARED_NODE = { TRON_FULL_HOST: 'http://127.0.0.1:1' };

describe('ACCEPTED_CURRENCIES', () => {
  it('accepts TRX and USDT when unset, and TRX alone when unset while USDT is off', () => {
    expect(acceptedOf(undefined)).toEqual(['TRX', 'USDT']);
    expect(acceptedOf(undefined, USDT_OFF)).toEqual(['TRX']);
    expect(acceptedOf(undefined, UNDECLARED_NODE)).toEqual(['TRX']);
    expect(
      acceptedOf(undefined, { ...UNDECLARED_NODE, USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
    ).toEqual(['TRX', 'USDT']);
  });

  it('refuses USDT named while USDT is off, and takes TRX alone then', () => {
    const refusal =
      'ACCEPTED_CURRENCIES: USDT needs the USDT token, which is off (USDT_CONTRACT=off, or a TRON_FULL_HOST without TRON_NETWORK and no USDT_CONTRACT)';
    expect(problemsOf('TRX,USDT', USDT_OFF)).toEqual([refusal]);
    expect(problemsOf('USDT', UNDECLARED_NODE)).toEqual([refusal]);
    expect(acceptedOf('TRX', USDT_OFF)).toEqual(['TRX']);
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
