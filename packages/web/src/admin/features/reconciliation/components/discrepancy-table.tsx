import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import type { Discrepancy } from '../utils/discrepancy-kinds.js';

const FIELD_WORDS: Readonly<Record<NonNullable<Discrepancy['field']>, string>> = {
  amount: 'Amount',
  sender: 'Sender',
  recipient: 'Recipient',
  status: 'Status',
  balance: 'Balance',
};

/** A value as the report gives it; amounts and balances are in TRX. */
const Value = ({ value, field }: { value: string | null; field: Discrepancy['field'] }) =>
  value === null ? (
    <span className="muted">none</span>
  ) : (
    <code className="hash">{field === 'amount' || field === 'balance' ? `${value} TRX` : value}</code>
  );

const Optional = ({ value }: { value: string | number | null }) =>
  value === null ? <span className="muted">none</span> : <code className="hash">{value}</code>;

export const DiscrepancyTable = ({ title, rows }: { title: string; rows: readonly Discrepancy[] }) => (
  <TableScroll label={`${title}: list`}>
    <table aria-label={title}>
      <thead>
        <tr>
          <th scope="col">Transaction (txid)</th>
          <th scope="col">Ledger line</th>
          <th scope="col">Wallet</th>
          <th scope="col">Block</th>
          <th scope="col">Field</th>
          <th scope="col">Ledger says</th>
          <th scope="col">Chain says</th>
          <th scope="col">Detail</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          // A report's rows have no id of their own; they never reorder.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <tr key={index}>
            <td>
              <Optional value={row.txHash} />
            </td>
            <td>
              <Optional value={row.transactionId} />
            </td>
            <td>
              <Optional value={row.address} />
            </td>
            <td>
              <Optional value={row.blockNumber} />
            </td>
            <td>{row.field === null ? <span className="muted">none</span> : FIELD_WORDS[row.field]}</td>
            <td>
              <Value value={row.ledger} field={row.field} />
            </td>
            <td>
              <Value value={row.chain} field={row.field} />
            </td>
            <td>{row.detail}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
