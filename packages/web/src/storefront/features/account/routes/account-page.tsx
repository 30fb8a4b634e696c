import { useProfile, useUpdateProfile } from '../../../../shared/account/api/profile.js';
import { PasswordForm } from '../../../../shared/account/components/password-form.js';
import { ProfileForm } from '../../../../shared/account/components/profile-form.js';
import { SessionsList } from '../../../../shared/account/components/sessions-list.js';
import { TwoFactorSection } from '../../../../shared/account/components/two-factor-section.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { EmailChangeForm } from '../components/email-change-form.js';
import { EmailSection } from '../components/email-section.js';
import { WalletSection } from '../components/wallet-section.js';

/** The shopper's profile, wallets, password, 2FA, email address (and changing it) and signed-in devices. */
const AccountPage = () => {
  const profile = useProfile();
  // The page owns the save: the form is remade after it, and its outcome must outlive that.
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
          <ProfileForm
            key={profile.data.updatedAt}
            user={profile.data}
            update={update}
            emailHint="Your sign-in name; change it under Change email address"
          />
          <WalletSection wallet={profile.data.wallet} />
          <PasswordForm />
          <TwoFactorSection enabled={profile.data.twoFactorEnabled} />
          <EmailSection email={profile.data.email} verified={profile.data.emailVerified} />
          <EmailChangeForm currentEmail={profile.data.email} />
        </div>
      )}
      <SessionsList />
    </section>
  );
};

export default AccountPage;
