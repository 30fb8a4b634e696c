import { request } from 'node:http';

const PING_TIMEOUT_MS = 1500;
const MONGO_IMAGE = 'mongo:7';

/** Where the Docker engine API would listen: DOCKER_HOST, else the default socket. */
const dockerEndpoint = (): { socketPath: string } | { host: string; port: number } => {
  const configured = process.env.DOCKER_HOST;
  if (configured?.startsWith('unix://')) return { socketPath: configured.slice('unix://'.length) };
  if (configured?.startsWith('tcp://')) {
    const url = new URL(configured.replace('tcp://', 'http://'));
    return { host: url.hostname, port: Number(url.port || 2375) };
  }
  return { socketPath: '/var/run/docker.sock' };
};

/**
 * A quick `/_ping` first: testcontainers' own runtime discovery tries several strategies and
 * takes seconds to give up on a machine without Docker.
 */
const dockerAnswers = (): Promise<boolean> =>
  new Promise((resolve) => {
    const ping = request({ ...dockerEndpoint(), path: '/_ping', timeout: PING_TIMEOUT_MS }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    ping.on('timeout', () => ping.destroy());
    ping.on('error', () => resolve(false));
    ping.end();
  });

/** A `mongo` container, or null when no Docker engine answers. */
export const startDockerMongo = async (): Promise<{ uri: string; stop: () => Promise<void> } | null> => {
  if (!(await dockerAnswers())) return null;
  // Loaded only when an engine answers: the module is large and unused on machines without Docker.
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(MONGO_IMAGE)
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  const uri = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
  return {
    uri,
    stop: async () => {
      await container.stop();
    },
  };
};
