import type { QueryClient } from '@tanstack/react-query';

/** The mutations the query client still keeps whose input or answer contains `text` (a secret). */
export const mutationsHolding = (queryClient: QueryClient, text: string) =>
  queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) =>
      JSON.stringify([mutation.state.variables ?? null, mutation.state.data ?? null]).includes(text),
    );
