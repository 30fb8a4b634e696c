import { startDockerMongo } from './docker-mongo.js';
import { startMongoJavaServer } from './mongo-java-server.js';

export interface RunningTestMongo {
  readonly uri: string;
  /** Where it came from: `MONGODB_URI`, `testcontainers` or `mongo-java-server`. */
  readonly kind: string;
  readonly stop: () => Promise<void>;
}

const describeFailure = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The MongoDB tests talk to, in the prescribed order: `MONGODB_URI`; else a `mongo` container
 * when a Docker engine answers; else mongo-java-server fetched with Maven (the stand-in: no
 * transactions, no change streams); else the reason there is none, for the skip to print.
 */
export const startTestMongo = async (): Promise<RunningTestMongo | { readonly skipReason: string }> => {
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
