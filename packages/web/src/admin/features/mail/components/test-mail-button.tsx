import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { useSendTestMail } from '../api/mail-messages.js';

/** Queues a test mail to the admin's own address and says where it went. */
export const TestMailButton = () => {
  const send = useSendTestMail();
  return (
    <div className="stack">
      <div>
        <button type="button" className="primary" disabled={send.isPending} onClick={() => send.mutate()}>
          {send.isPending ? 'Sending…' : 'Send a test email'}
        </button>
      </div>
      {send.isSuccess && (
        <p role="status" className="notice notice-ok">
          Queued to {send.data.message.to}
        </p>
      )}
      {send.isError && <ErrorNotice error={send.error} title="The test email was not queued" />}
    </div>
  );
};
