import { describeStoreContract } from '@trx-shop/store-contract';
import { describeWithMongo } from './support/mongo-test-env.js';
import { mongoHarness } from './support/mongo-harness.js';

describeWithMongo('MongoDB adapter', (uri) => {
  describeStoreContract(mongoHarness(uri));
});
