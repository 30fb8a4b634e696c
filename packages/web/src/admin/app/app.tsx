import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Router } from 'wouter';
import { createQueryClient } from '../../shared/api/query-client.js';
import { ErrorNotice } from '../../shared/ui/error-notice.js';
import { Loading } from '../../shared/ui/status.js';
import { useCurrentUser, useSignOut } from '../../shared/api/session.js';
import { SignInPage } from '../features/auth/routes/sign-in-page.js';
import { AdminRoutes } from './routes.js';
import { Shell } from './shell.js';

/** A signed-in account that is not an admin: say so, and offer the way out. */
const NotAnAdmin = ({ email }: { email: string }) => {
  const signOut = useSignOut();
  return (
    <main className="sign-in">
      <h1>Admins only</h1>
      <p>{email} is signed in, but the admin dashboard is for admin accounts.</p>
      <button type="button" onClick={() => signOut.mutate()}>
        Sign out
      </button>
    </main>
  );
};

const Gate = () => {
  const user = useCurrentUser();
  if (user.isPending) return <Loading label="Checking your session" />;
  if (user.isError) return <ErrorNotice error={user.error} title="The service could not be reached" />;
  if (user.data === null) return <SignInPage />;
  if (user.data.role !== 'admin') return <NotAnAdmin email={user.data.email} />;
  return (
    <Shell email={user.data.email}>
      <AdminRoutes />
    </Shell>
  );
};

/** The admin app at /admin; tests give it their own query client. */
export const AdminApp = ({ client }: { client?: QueryClient }) => {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Router base="/admin">
        <Gate />
      </Router>
    </QueryClientProvider>
  );
};
