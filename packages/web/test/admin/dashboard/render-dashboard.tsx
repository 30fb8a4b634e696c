import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import {
  type AdminFrame,
  type AdminRoomConnector,
  AdminRoomContext,
  type AdminRoomHandlers,
} from '../../../src/admin/features/dashboard/api/admin-feed.js';
import DashboardPage from '../../../src/admin/features/dashboard/routes/dashboard-page.js';

/** The admin room as a test drives it: frames are sent when the test says so. */
export const fakeRoom = () => {
  let handlers: AdminRoomHandlers | null = null;
  let opened = 0;
  let closed = 0;
  const connect: AdminRoomConnector = (given) => {
    handlers = given;
    opened += 1;
    return () => {
      handlers = null;
      closed += 1;
    };
  };
  const open = (): AdminRoomHandlers => {
    if (!handlers) throw new Error('the dashboard has no admin room open');
    return handlers;
  };
  return {
    connect,
    send: (frame: AdminFrame) => act(() => open().onFrame(frame)),
    resync: () => act(() => open().onResync()),
    get opened() {
      return opened;
    },
    get closed() {
      return closed;
    },
  };
};

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
