import { performance } from 'node:perf_hooks';
import type { RunningServiceProcess } from './service-process.js';
import { unwrapFor } from './shop-client.js';

export interface ExportFigures {
  /** Data lines of the CSV (the header left out). */
  readonly rows: number;
  readonly seconds: number;
  readonly bytes: number;
  /** The service's resident memory right before the download, and its highest during it. */
  readonly rssBeforeMiB: number;
  readonly rssPeakMiB: number;
}

const RSS_SAMPLE_MS = 20;

/** What the client answers for a download asked for with `parseAs: 'stream'`: the body unread. */
export type StreamedAnswer =
  | { readonly data: Response['body']; readonly response: Response }
  | { readonly data?: never; readonly error: unknown; readonly response: Response };

/**
 * Downloads a CSV export to the end, counting its lines as they arrive (never holding the body),
 * while sampling the service's resident memory: an export that streams keeps it flat whatever
 * the row count. `download` makes the request through the client, e.g.
 * `() => shop.GET('/api/admin/sales/export', { parseAs: 'stream' })`.
 */
export const measureExport = async (
  service: RunningServiceProcess,
  what: string,
  download: () => Promise<StreamedAnswer>,
): Promise<ExportFigures> => {
  const rssBeforeMiB = service.memory().rssMiB;
  let rssPeakMiB = rssBeforeMiB;
  const sampler = setInterval(() => {
    rssPeakMiB = Math.max(rssPeakMiB, service.memory().rssMiB);
  }, RSS_SAMPLE_MS);
  const startedAt = performance.now();
  try {
    const body = await unwrapFor(what, download());
    if (!body) throw new Error(`${what}: the answer has no body`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of body) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
    return {
      rows: lines - 1,
      seconds: (performance.now() - startedAt) / 1000,
      bytes,
      rssBeforeMiB,
      rssPeakMiB: Math.max(rssPeakMiB, service.memory().rssMiB),
    };
  } finally {
    clearInterval(sampler);
  }
};
