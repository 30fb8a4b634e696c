import { type FormEvent, useState } from 'react';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Field } from '../../../../shared/ui/field.js';
import {
  checkApiKeyDraft,
  type DraftProblems,
  MAX_NAME_LENGTH,
  type NewApiKey,
} from '../utils/api-key-input.js';
import { API_KEY_SCOPES, type ApiKeyScope, SCOPES } from '../utils/api-key-scopes.js';

/** Today in the viewer's calendar, as a date input gives days. */
const today = (): string => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** A new key's name, scopes (each with what it allows) and optional last day. */
export const ApiKeyForm = ({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: unknown;
  onSubmit: (key: NewApiKey) => void;
}) => {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiryDay, setExpiryDay] = useState('');
  const [problems, setProblems] = useState<DraftProblems>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkApiKeyDraft({ name, scopes, expiryDay }, new Date());
    setProblems(checked.ok ? {} : checked.problems);
    if (checked.ok) onSubmit(checked.value);
  };

  return (
    <form className="card stack" aria-label="Create an API key" onSubmit={submit} noValidate>
      <h2>Create an API key</h2>
      <Field
        label="Name"
        required
        maxLength={MAX_NAME_LENGTH}
        autoComplete="off"
        hint="What uses it, e.g. Warehouse sync"
        error={problems.name}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset className="scope-choice" aria-describedby="api-key-scopes-hint">
        <legend>Scopes</legend>
        <p id="api-key-scopes-hint" className="muted">
          The key can do only this, acting as you; never pay, withdraw, block customers or manage keys.
        </p>
        {problems.scopes && <p className="field-error">{problems.scopes}</p>}
        {SCOPES.map((scope) => (
          <label key={scope} className="check">
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(event) =>
                setScopes(
                  event.target.checked ? [...scopes, scope] : scopes.filter((chosen) => chosen !== scope),
                )
              }
            />
            <span>
              <code>{scope}</code> <span className="muted">{API_KEY_SCOPES[scope]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Field
        label="Expires after (optional)"
        type="date"
        min={today()}
        hint="It works through that day; empty: it never expires"
        error={problems.expiryDay}
        value={expiryDay}
        onChange={(event) => setExpiryDay(event.target.value)}
      />
      {error != null && <ErrorNotice error={error} title="The key was not created" />}
      <div>
        <button type="submit" className="primary" disabled={pending}>
          {pending ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
};
