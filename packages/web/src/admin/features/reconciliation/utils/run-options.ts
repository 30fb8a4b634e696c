/** What the "Run reconciliation" form asks the API for (`RunReconciliationRequest`). */
export interface RunOptions {
  readonly allWallets?: boolean;
  readonly fromBlock?: number;
}

export type RunOptionsResult =
  | { readonly ok: true; readonly options: RunOptions }
  | { readonly ok: false; readonly fromBlockError: string };

/** The form's fields as the API takes them; a from block that is not a whole number from 0 is refused before sending. */
export const runOptionsOf = (allWallets: boolean, fromBlockText: string): RunOptionsResult => {
  const text = fromBlockText.trim();
  if (text !== '' && !/^\d+$/.test(text)) {
    return { ok: false, fromBlockError: 'Enter a block number: a whole number from 0, or leave it empty.' };
  }
  const fromBlock = text === '' ? undefined : Number(text);
  if (fromBlock !== undefined && !Number.isSafeInteger(fromBlock)) {
    return { ok: false, fromBlockError: 'That block number is too large.' };
  }
  return {
    ok: true,
    options: {
      ...(allWallets ? { allWallets: true } : {}),
      ...(fromBlock === undefined ? {} : { fromBlock }),
    },
  };
};
