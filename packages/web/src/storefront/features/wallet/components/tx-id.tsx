import { useState } from 'react';
import { shortTxId } from '../utils/transaction-words.js';

/** A txid shortened for the table; opening it shows the whole id, selectable, with a Copy button. */
export const TxId = ({ hash }: { hash: string }) => {
  const [copied, setCopied] = useState(false);
  if (!hash) return <span className="muted">Not broadcast</span>;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <details className="txid">
      <summary>
        <code title={hash}>{shortTxId(hash)}</code>
      </summary>
      <code className="hash">{hash}</code>{' '}
      {typeof navigator.clipboard?.writeText === 'function' && (
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
      )}
      <small role="status" className="muted">
        {copied ? ' Copied' : ''}
      </small>
    </details>
  );
};
