import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { AdminRoomContext } from '../../../src/shared/api/admin-room.js';
import DashboardPage from '../../../src/admin/features/dashboard/routes/dashboard-page.js';
import { fakeRoom } from '../../support/fake-room.js';

/** The dashboard under /admin with a fresh query client (no retries: an error shows at once). */
export const renderDashboard = (room = fakeRoom()) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <AdminRoomContext.Provider value={room.connect}>
        <Router base="/admin">
          <DashboardPage />
        </Router>
      </AdminRoomContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, room };
};
