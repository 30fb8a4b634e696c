import { raceInProcess, describeStoreContract } from '@trx-shop/store-contract';
import { createMemoryStore } from '../src/index.js';

// The fake is trusted only where this suite, the one SQLite and MongoDB pass, proves it.
describeStoreContract({
  name: 'memory',
  hasDashboardReadModel: false,
  open: async () => createMemoryStore(),
  dispose: (store) => store.close(),
  // One JavaScript thread: every method is one atomic step, as a guarded write is in a real store.
  race: (store, operation, inputs) => raceInProcess([store], operation, inputs),
});
