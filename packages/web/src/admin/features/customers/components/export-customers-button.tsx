import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { useExportCustomers } from '../api/customers.js';

/** Every customer as CSV (the export takes no search); the API's refusal is shown under the button. */
export const ExportCustomersButton = () => {
  const exporting = useExportCustomers();
  return (
    <div className="export-customers">
      <button type="button" onClick={() => exporting.mutate()} disabled={exporting.isPending}>
        {exporting.isPending ? 'Exporting…' : 'Export CSV'}
      </button>
      {exporting.isError && (
        <ErrorNotice error={exporting.error} title="The customers could not be exported" />
      )}
    </div>
  );
};
