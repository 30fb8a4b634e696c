import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '../../src/shared/api/query-client.js';

/** A storefront page at `path` (no base), with a fresh query client and a recorded history. */
export const renderPage = (path: string, page: ReactNode) => {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {page}
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, history: location.history };
};
