import type { components } from '@trx-shop/client';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { API_KEY_STATE_WORDS, apiKeyState } from '../utils/api-key-status.js';

type ApiKey = components['schemas']['ApiKey'];

const TimeOr = ({ iso, otherwise }: { iso: string | null; otherwise: string }) =>
  iso ? <Time iso={iso} /> : <span className="muted">{otherwise}</span>;

export const ApiKeysTable = ({
  apiKeys,
  now,
  onRevoke,
}: {
  apiKeys: readonly ApiKey[];
  now: Date;
  onRevoke: (key: ApiKey) => void;
}) => (
  <TableScroll label="API key list">
    <table aria-label="API keys">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Prefix</th>
          <th scope="col">Scopes</th>
          <th scope="col">Created</th>
          <th scope="col">Expires</th>
          <th scope="col">Last used</th>
          <th scope="col">Status</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {apiKeys.map((key) => {
          const state = apiKeyState(key, now);
          return (
            <tr key={key._id}>
              <td>{key.name}</td>
              <td>
                <code>{key.prefix}…</code>
              </td>
              <td>
                {key.scopes.map((scope) => (
                  <div key={scope}>
                    <code>{scope}</code>
                  </div>
                ))}
              </td>
              <td>
                <Time iso={key.createdAt} />
              </td>
              <td>
                <TimeOr iso={key.expiresAt} otherwise="Never" />
              </td>
              <td>
                <TimeOr iso={key.lastUsedAt} otherwise="Never" />
              </td>
              <td>
                <span className={`api-key-status api-key-status-${state}`}>{API_KEY_STATE_WORDS[state]}</span>
                {key.revokedAt && (
                  <div className="muted">
                    <Time iso={key.revokedAt} />
                  </div>
                )}
              </td>
              <td>
                {state === 'revoked' ? (
                  <span className="muted">none</span>
                ) : (
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => onRevoke(key)}
                  >
                    Revoke…
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  </TableScroll>
);
