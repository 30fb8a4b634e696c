import { makeDataDir, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const METRICS_TOKEN = 'a-long-random-metrics-token-for-the-scraper';

/** The banner's lines that name `/metrics` (with JSON logs the banner is on stderr). */
const metricsLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('  Metrics '));

describe('the start-up banner and /metrics', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await makeDataDir();
  });
  afterEach(() => removeDataDir(dataDir));

  it('names each place /metrics answers, and how, without the token; the log line lists them too', async () => {
    const service = await startServiceProcess(dataDir, { METRICS_TOKEN, METRICS_PORT: '0' });
    try {
      const lines = metricsLines(service.stderr());
      expect(lines).toHaveLength(2);
      expect(lines[0]).toBe(`  Metrics    ${service.apiUrl}/metrics (Authorization: Bearer <METRICS_TOKEN>)`);
      const ownPort = /^ {2}Metrics {4}(http:\/\/127\.0\.0\.1:\d+\/metrics) \(its own port, no token\)$/.exec(
        lines[1] ?? '',
      )?.[1];
      expect(ownPort, lines[1]).toBeDefined();

      // Both addresses answer as the banner says.
      const withToken = await fetch(`${service.apiUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toContain('trx_shop_http_request_duration_seconds');
      const onItsPort = await fetch(ownPort ?? '');
      expect(onItsPort.status).toBe(200);
      expect(await onItsPort.text()).toContain('trx_shop_http_request_duration_seconds');

      const running = service
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; metrics?: unknown })
        .find((record) => record.msg === 'TRX Shop is running');
      expect(running?.metrics).toEqual([
        `${service.apiUrl}/metrics (Authorization: Bearer <METRICS_TOKEN>)`,
        `${ownPort} (its own port, no token)`,
      ]);
      expect(service.output()).not.toContain(METRICS_TOKEN);
    } finally {
      expect(await service.stop()).toEqual({ code: 0, signal: null });
    }
  }, 90_000);

  it('has no metrics line when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const service = await startServiceProcess(dataDir);
    try {
      expect(service.stderr()).toContain('  WebSocket  ');
      expect(metricsLines(service.stderr())).toEqual([]);
      expect((await fetch(`${service.apiUrl}/metrics`)).status).toBe(404);
    } finally {
      expect(await service.stop()).toEqual({ code: 0, signal: null });
    }
  }, 90_000);
});
