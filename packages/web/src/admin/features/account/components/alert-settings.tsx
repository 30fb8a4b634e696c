import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useMailPreferences, useUpdateAlert } from '../api/mail-preferences.js';
import { ALERT_KINDS, ALERT_WORDS } from '../utils/alert-kinds.js';

/** The merchant alerts this admin is mailed; each switch saves as it is flipped. */
export const AlertSettings = () => {
  const preferences = useMailPreferences();
  const update = useUpdateAlert();
  const alerts = preferences.data?.alerts;
  return (
    <section className="card stack" aria-labelledby="alert-settings-title">
      <h2 id="alert-settings-title">Email alerts</h2>
      {preferences.isPending ? (
        <Loading label="Loading your email alerts" />
      ) : preferences.isError ? (
        <ErrorNotice error={preferences.error} title="Your email alerts could not be loaded" />
      ) : !alerts ? (
        <p className="muted">Only admins receive alerts, and the API names none for this account.</p>
      ) : (
        <fieldset>
          <legend>Email me when</legend>
          {ALERT_KINDS.map((kind) => {
            const saving = update.isPending && update.variables.kind === kind;
            return (
              <label key={kind} className="check">
                <input
                  type="checkbox"
                  checked={saving ? update.variables.on : alerts[kind]}
                  disabled={update.isPending}
                  onChange={(event) => update.mutate({ kind, on: event.target.checked })}
                />
                <span>{ALERT_WORDS[kind]}</span>
              </label>
            );
          })}
        </fieldset>
      )}
      <p className="muted">Notices about your own account's security are always sent.</p>
      {update.isSuccess && (
        <p role="status" className="notice notice-ok">
          Saved: “{ALERT_WORDS[update.variables.kind]}” is {update.variables.on ? 'on' : 'off'}.
        </p>
      )}
      {update.isError && <ErrorNotice error={update.error} title="The alert was not saved" />}
    </section>
  );
};
