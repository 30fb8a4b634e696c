import { useId, useState } from 'react';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import { useRunReconciliation } from '../api/run-reconciliation.js';
import { runOptionsOf } from '../utils/run-options.js';

/** Starts a run with the options the API takes; the button says "Running…" and stays disabled until the report is back. */
export const RunForm = ({ onDone }: { onDone: () => void }) => {
  const run = useRunReconciliation();
  const [allWallets, setAllWallets] = useState(false);
  const [fromBlock, setFromBlock] = useState('');
  const [fromBlockError, setFromBlockError] = useState<string>();
  const allWalletsId = useId();

  return (
    <form
      className="card stack"
      aria-labelledby="run-reconciliation"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = runOptionsOf(allWallets, fromBlock);
        if (!checked.ok) {
          setFromBlockError(checked.fromBlockError);
          return;
        }
        setFromBlockError(undefined);
        run.mutate(checked.options, { onSuccess: onDone });
      }}
    >
      <h2 id="run-reconciliation">Run a reconciliation</h2>
      <p className="muted">
        Compares the ledger with the solidified chain. With nothing chosen it checks the blocks since the last
        run and the wallets active in them.
      </p>
      <div className="check">
        <input
          id={allWalletsId}
          type="checkbox"
          checked={allWallets}
          onChange={(event) => setAllWallets(event.target.checked)}
        />
        <label htmlFor={allWalletsId}>
          Check every wallet's balance, not only those active since the last run
        </label>
      </div>
      <Field
        label="From block"
        inputMode="numeric"
        hint="Compare the blocks again from this one; empty: from where the last run stopped."
        error={fromBlockError}
        value={fromBlock}
        onChange={(event) => setFromBlock(event.target.value)}
      />
      <div>
        <button type="submit" className="primary" disabled={run.isPending}>
          {run.isPending ? 'Running…' : 'Run reconciliation'}
        </button>
      </div>
      {run.isPending && (
        <p role="status" className="muted">
          Running: this reads the chain and may take a while.
        </p>
      )}
      {run.isError && <ErrorNotice error={run.error} title="The reconciliation did not run" />}
    </form>
  );
};
