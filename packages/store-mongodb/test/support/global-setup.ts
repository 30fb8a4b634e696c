import type { TestProject } from 'vitest/node';
import { startDockerMongo } from './docker-mongo.js';
import { startMongoJavaServer } from './mongo-java-server.js';
import './provided-context.js';

type Teardown = () => Promise<void>;

interface RunningMongo {
  readonly uri: string;
  readonly kind: string;
  readonly stop: Teardown;
}

const describeFailure = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The test MongoDB, in the order issue 3 prescribes: `MONGODB_URI`; else a `mongo` container when
 * a Docker engine answers; else mongo-java-server fetched with Maven; else nothing (suites skip
 * with the printed reason).
 */
const startMongo = async (): Promise<RunningMongo | { readonly skipReason: string }> => {
  const configured = process.env.MONGODB_URI;
  if (configured) return { uri: configured, kind: 'MONGODB_URI', stop: async () => {} };

  const reasons: string[] = [];
  try {
    const docker = await startDockerMongo();
    if (docker) return { ...docker, kind: 'testcontainers' };
    reasons.push('no Docker engine answered');
  } catch (error) {
    reasons.push(`testcontainers failed: ${describeFailure(error)}`);
  }
  try {
    const javaServer = await startMongoJavaServer();
    return { ...javaServer, kind: 'mongo-java-server' };
  } catch (error) {
    reasons.push(`mongo-java-server failed: ${describeFailure(error)}`);
  }
  return { skipReason: `no MongoDB available (${reasons.join('; ')})` };
};

export default async function setup(project: TestProject): Promise<Teardown> {
  const mongo = await startMongo();
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
