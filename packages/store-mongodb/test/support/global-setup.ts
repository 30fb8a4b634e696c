import { startTestMongo } from '@trx-shop/test-kit';
import type { TestProject } from 'vitest/node';
import './provided-context.js';

type Teardown = () => Promise<void>;

export default async function setup(project: TestProject): Promise<Teardown> {
  const mongo = await startTestMongo();
  if ('skipReason' in mongo) {
    console.warn(`[store-mongodb] skipping the MongoDB tests: ${mongo.skipReason}`);
    project.provide('mongoUri', null);
    project.provide('mongoSkipReason', mongo.skipReason);
    project.provide('mongoServerKind', 'none');
    return async () => {};
  }
  console.info(`[store-mongodb] tests use ${mongo.kind}`);
  project.provide('mongoUri', mongo.uri);
  project.provide('mongoSkipReason', '');
  project.provide('mongoServerKind', mongo.kind);
  return mongo.stop;
}
