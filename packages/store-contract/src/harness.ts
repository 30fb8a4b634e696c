import type { ShopStore } from '@trx-shop/domain';
import type { RaceInput, RaceOperationName, RaceOutput } from './race/race-operations.js';

/** What an adapter hands the contract suite so it can run against that adapter. */
export interface ContractHarness {
  readonly name: string;
  /**
   * false for a fake without the dashboard read model (the in-memory twin): its contract is then
   * not run. Default true.
   */
  readonly hasDashboardReadModel?: boolean;
  /**
   * true for a store whose writes are serialized on one file (SQLite): it logs a write's events
   * in the write itself, numbered there, and writes no outbox entry. Otherwise (default) a write
   * leaves its events in its record's outbox for the relay.
   */
  readonly logsEventsAtWrite?: boolean;
  /** A fresh, empty, migrated store for one test (or a group). */
  open(): Promise<ShopStore>;
  /** Closes and wipes what `open()` made. */
  dispose(store: ShopStore): Promise<void>;
  /**
   * Runs `operation` once per input, all concurrently, each call on a connection (or worker
   * thread / process) of its own against the SAME database as `store`, and answers the outputs
   * in input order. Adapters with a synchronous driver must use at least two threads/processes.
   */
  race<N extends RaceOperationName>(
    store: ShopStore,
    operation: N,
    inputs: readonly RaceInput<N>[],
  ): Promise<RaceOutput<N>[]>;
}
