import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Router } from 'wouter';
import { createQueryClient } from '../../shared/api/query-client.js';
import { StorefrontRoutes } from './routes.js';
import { Shell } from './shell.js';

/** The storefront at /; tests give it their own query client. */
export const StorefrontApp = ({ client }: { client?: QueryClient }) => {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <Router>
        <Shell>
          <StorefrontRoutes />
        </Shell>
      </Router>
    </QueryClientProvider>
  );
};
