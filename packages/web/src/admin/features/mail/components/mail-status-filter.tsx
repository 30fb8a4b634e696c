import { SelectField } from '../../../../shared/ui/select-field.js';
import { isMailStatus, MAIL_STATUSES, type MailStatus, STATUS_WORDS } from '../utils/mail-words.js';

/** The log's one filter; choosing applies it at once, as there is nothing else to fill in. */
export const MailStatusFilter = ({
  status,
  onChange,
}: {
  status: MailStatus | undefined;
  onChange: (status: MailStatus | undefined) => void;
}) => (
  <div className="filters">
    <SelectField
      label="Status"
      value={status ?? ''}
      onChange={(event) => onChange(isMailStatus(event.target.value) ? event.target.value : undefined)}
    >
      <option value="">Any status</option>
      {MAIL_STATUSES.map((each) => (
        <option key={each} value={each}>
          {STATUS_WORDS[each]}
        </option>
      ))}
    </SelectField>
  </div>
);
