import { useDisableTwoFactor, useVerifyTwoFactor } from '../api/two-factor.js';
import { TwoFactorDisable } from './two-factor-disable.js';
import { TwoFactorSetup } from './two-factor-setup.js';

/** On or off as the profile says; the outcome of the last step stays shown after the switch. */
export const TwoFactorSection = ({ enabled }: { enabled: boolean }) => {
  const verify = useVerifyTwoFactor();
  const disable = useDisableTwoFactor();
  return (
    <section className="card stack" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor authentication</h2>
      {enabled && verify.isSuccess && (
        <p role="status" className="notice notice-ok">
          {verify.data.message}. You will be asked for a code at your next sign-in.
        </p>
      )}
      {!enabled && disable.isSuccess && (
        <p role="status" className="notice notice-ok">
          {disable.data.message}.
        </p>
      )}
      {enabled ? <TwoFactorDisable disable={disable} /> : <TwoFactorSetup verify={verify} />}
    </section>
  );
};
