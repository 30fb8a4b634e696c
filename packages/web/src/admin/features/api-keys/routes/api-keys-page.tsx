import type { components } from '@trx-shop/client';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { ShownOnce } from '../../../../shared/ui/shown-once.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.js';
import { ApiKeyForm } from '../components/api-key-form.js';
import { ApiKeysTable } from '../components/api-keys-table.js';

type ApiKey = components['schemas']['ApiKey'];

/** The keys server integrations use, made with scopes (the key shown once), and revoked. */
const ApiKeysPage = () => {
  const apiKeys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <section className="stack">
      <h1>API keys</h1>
      <p className="muted">
        Integrations (a warehouse system, an accounting sync) send a key as <code>X-API-Key</code>; each key
        acts as the admin who made it, only within its scopes.
      </p>
      {create.isSuccess && (
        <ShownOnce
          title="New API key"
          label={`API key ${create.data.apiKey.name}`}
          value={create.data.key}
          onDone={() => create.reset()}
        >
          <p>Anyone holding it can do what its scopes allow. If it leaks, revoke it and create another.</p>
        </ShownOnce>
      )}
      {revoke.isSuccess && (
        <p role="status" className="notice notice-ok">
          {revoke.data.apiKey.name} revoked: it is refused from now on.
        </p>
      )}
      {revoke.isError && <ErrorNotice error={revoke.error} title="The key was not revoked" />}
      {apiKeys.isPending ? (
        <Loading label="Loading API keys" />
      ) : apiKeys.isError ? (
        <ErrorNotice error={apiKeys.error} title="The API keys could not be loaded" />
      ) : apiKeys.data.length === 0 ? (
        <Empty>No API keys yet: create one below for an integration.</Empty>
      ) : (
        <ApiKeysTable
          apiKeys={apiKeys.data}
          now={new Date()}
          onRevoke={(key) => {
            revoke.reset();
            setRevoking(key);
          }}
        />
      )}
      <ApiKeyForm
        // A new form after each key made, so it starts empty again.
        key={create.data?.apiKey._id ?? 'new'}
        pending={create.isPending}
        error={create.error}
        onSubmit={(key) => create.mutate(key)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? `Revoke ${revoking.name}?` : 'Revoke this key?'}
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking._id, { onSettled: () => setRevoking(null) })}
        onCancel={() => setRevoking(null)}
      >
        <p>
          Integrations using it ({revoking?.prefix}…) are refused at once. This cannot be undone: a new key
          would have to be made and given to them.
        </p>
      </ConfirmDialog>
    </section>
  );
};

export default ApiKeysPage;
