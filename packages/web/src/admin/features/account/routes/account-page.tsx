import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useProfile, useUpdateProfile } from '../../../../shared/account/api/profile.js';
import { PasswordForm } from '../../../../shared/account/components/password-form.js';
import { ProfileForm } from '../../../../shared/account/components/profile-form.js';
import { SessionsList } from '../../../../shared/account/components/sessions-list.js';
import { TwoFactorSection } from '../../../../shared/account/components/two-factor-section.js';
import { AlertSettings } from '../components/alert-settings.js';

/** The signed-in admin's own profile, password, two-factor authentication, email alerts and devices. */
const AccountPage = () => {
  const profile = useProfile();
  const update = useUpdateProfile();
  return (
    <section className="stack">
      <h1>Your account</h1>
      {profile.isPending ? (
        <Loading label="Loading your profile" />
      ) : profile.isError ? (
        <ErrorNotice error={profile.error} title="Your profile could not be loaded" />
      ) : (
        <div className="account-grid">
          {/* Keyed by the save, so the form starts from what the API now holds. */}
          <ProfileForm key={profile.data.updatedAt} user={profile.data} update={update} />
          <PasswordForm />
          <TwoFactorSection enabled={profile.data.twoFactorEnabled} />
          <AlertSettings />
        </div>
      )}
      <SessionsList />
    </section>
  );
};

export default AccountPage;
