import { request } from 'node:http';
import {
  type Answer,
  call,
  makeDataDir,
  registerAccount,
  type RegisteredAccount,
  removeDataDir,
  type ServiceProcess,
  startServiceProcess,
} from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Long enough for any graceful stop of an idle service; a hang is cut short and reported. */
const EXIT_GRACE_MS = 15_000;

/** One login over a fresh connection the client closes after the answer (no keep-alive). */
const logInOverClosingConnection = (apiUrl: string, buyer: RegisteredAccount): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const outgoing = request(
      `${apiUrl}/api/auth/login`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', connection: 'close' } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text) as Record<string, unknown>,
            setCookies: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify({ email: buyer.email, password: buyer.password }));
  });

/** The service logs each request on arrival (debug) and on completion, both with its reqId. */
const expectShutdownBeganBeforeLoginCompleted = (output: string) => {
  const arrival = output.split('\n').find((line) => line.includes('"url":"/api/auth/login"')) ?? '';
  const reqId = /"reqId":"([^"]+)"/.exec(arrival)?.[1];
  expect(reqId).toBeDefined();
  const shuttingDown = output.indexOf('"msg":"shutting down"');
  const completed = output.indexOf(`"reqId":"${reqId}","res":{"statusCode":200}`);
  expect(shuttingDown).toBeGreaterThan(-1);
  expect(completed).toBeGreaterThan(shuttingDown);
};

describe('SIGTERM during a request', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await makeDataDir();
  });
  afterAll(() => removeDataDir(dataDir));

  const scenarios: [string, (apiUrl: string, buyer: RegisteredAccount) => Promise<Answer>][] = [
    ['a client that closes its connection', logInOverClosingConnection],
    // fetch keeps the connection open for reuse, as browsers and most HTTP clients do.
    [
      'a keep-alive client (fetch)',
      (apiUrl, buyer) =>
        call(apiUrl, 'POST', '/api/auth/login', { body: { email: buyer.email, password: buyer.password } }),
    ],
  ];

  it.each(scenarios)(
    'lets an in-flight login from %s finish with its normal answer, then exits with code 0',
    async (_client, logIn) => {
      // A costlier argon2 keeps the login's password check busy while the signal arrives. No
      // bootstrap admin: its start-up hash would pay the same cost for nothing. Debug logging
      // shows each request's arrival.
      const service: ServiceProcess = await startServiceProcess(dataDir, {
        LOG_LEVEL: 'debug',
        ARGON2_MEMORY_KIB: '8192',
        ARGON2_TIME_COST: '20',
      });
      try {
        const buyer = await registerAccount(service.apiUrl);
        const login = logIn(service.apiUrl, buyer);
        // The arrival log line proves the server is serving the login when the signal is sent.
        await service.waitForOutput('"url":"/api/auth/login"');
        const exiting = service.stop('SIGTERM', EXIT_GRACE_MS);
        const answer = await login;

        expect(answer.status).toBe(200);
        expect(answer.body.user).toMatchObject({ id: buyer.id, email: buyer.email, wallet: buyer.address });
        expect(answer.setCookies.some((line) => line.startsWith('accessToken='))).toBe(true);
        const exit = await exiting;
        expectShutdownBeganBeforeLoginCompleted(service.output());
        expect(exit, `still running ${EXIT_GRACE_MS} ms after SIGTERM, then killed`).toEqual({
          code: 0,
          signal: null,
        });
      } finally {
        await service.stop('SIGKILL');
      }
    },
    60_000,
  );
});
