import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AdminRoomContext } from '../../../src/shared/api/admin-room.js';
import { createQueryClient } from '../../../src/shared/api/query-client.js';
import { fakeRoom } from '../../support/fake-room.js';

/** A page as the admin app renders it, at `path`, with a fresh query client (returned, to inspect its caches), a recorded history and a test's admin room. */
export const renderPage = (path: string, page: ReactNode, room = fakeRoom()) => {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AdminRoomContext.Provider value={room.connect}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {page}
        </Router>
      </AdminRoomContext.Provider>
    </QueryClientProvider>,
  );
  return { ...view, history: location.history, room, queryClient };
};
