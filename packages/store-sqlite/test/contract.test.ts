import { describeStoreContract } from '@trx-shop/store-contract';
import { sqliteHarness } from './sqlite-harness.js';

describeStoreContract(sqliteHarness);
