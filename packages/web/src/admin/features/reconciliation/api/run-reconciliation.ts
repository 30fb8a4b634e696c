import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, shop } from '../../../../shared/api/shop.js';
import type { RunOptions } from '../utils/run-options.js';
import { reconciliationKeys } from './reconciliation-keys.js';

/** Runs a reconciliation now (it may take seconds); its report becomes the latest, and the history is read again. */
export const useRunReconciliation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: RunOptions) =>
      call(() =>
        shop.POST(
          '/api/admin/reconciliation',
          // No body asks for the blocks since the last run and the wallets active in them.
          Object.keys(options).length === 0 ? {} : { body: options },
        ),
      ),
    onSuccess: async ({ report }) => {
      queryClient.setQueryData(reconciliationKeys.latest(), report);
      await queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
    },
  });
};
