import { fieldChangesOf } from '../utils/audit-changes.js';

/** What an entry changed, one field a line: before → after, or the one side there is. */
export const AuditChanges = ({
  before,
  after,
}: {
  before: { readonly [field: string]: unknown } | null;
  after: { readonly [field: string]: unknown } | null;
}) => {
  const changes = fieldChangesOf(before, after);
  if (changes.length === 0) return <span className="muted">No details</span>;
  return (
    <ul className="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <code>{change.field}</code>: {change.before !== undefined && <del>{change.before}</del>}
          {change.before !== undefined && ' → '}
          {change.after !== undefined ? <ins>{change.after}</ins> : <span className="muted">removed</span>}
        </li>
      ))}
    </ul>
  );
};
