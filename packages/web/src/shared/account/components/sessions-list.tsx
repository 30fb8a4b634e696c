import type { components } from '@trx-shop/client';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { ErrorNotice } from '../../ui/error-notice.js';
import { Empty, Loading } from '../../ui/status.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { Time } from '../../ui/time.js';
import { useRevokeSession, useSessions } from '../api/sessions.js';

type Session = components['schemas']['Session'];

/** Where the account is signed in; any other device can be signed out (this one signs out from the top bar). */
export const SessionsList = () => {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [confirming, setConfirming] = useState<Session | null>(null);

  const send = () => {
    if (!confirming) return;
    revoke.mutate(confirming._id, { onSettled: () => setConfirming(null) });
  };

  return (
    <section className="stack" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Signed-in devices</h2>
      {sessions.isPending ? (
        <Loading label="Loading your sessions" />
      ) : sessions.isError ? (
        <ErrorNotice error={sessions.error} title="The sessions could not be loaded" />
      ) : sessions.data.length === 0 ? (
        <Empty>No active sessions.</Empty>
      ) : (
        <TableScroll label="Session list">
          <table aria-label="Sessions">
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">IP address</th>
                <th scope="col">Signed in</th>
                <th scope="col">Last active</th>
                <th scope="col">Sign-out</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.map((session) => (
                <tr key={session._id}>
                  <td>
                    <span title={session.userAgent}>{session.device}</span>
                  </td>
                  <td>{session.ipAddress}</td>
                  <td>
                    <Time iso={session.createdAt} />
                  </td>
                  <td>
                    <Time iso={session.lastActive} />
                  </td>
                  <td>
                    {session.current ? (
                      <strong>This device</strong>
                    ) : (
                      <button
                        type="button"
                        onClick={() => {
                          revoke.reset();
                          setConfirming(session);
                        }}
                      >
                        Sign out that device
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {revoke.isSuccess && (
        <p role="status" className="notice notice-ok">
          {revoke.data.message}: that device is signed out.
        </p>
      )}
      {revoke.isError && <ErrorNotice error={revoke.error} title="That device was not signed out" />}
      <ConfirmDialog
        open={confirming !== null}
        title="Sign out that device?"
        confirmLabel="Sign it out"
        busy={revoke.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(null)}
      >
        {confirming && (
          <p>
            {confirming.device} at {confirming.ipAddress}, last active <Time iso={confirming.lastActive} />,
            is signed out at its next request and must sign in again.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
};
