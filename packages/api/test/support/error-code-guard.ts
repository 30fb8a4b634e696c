import { appendFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** One error answer: the operation that gave it, its status and its code. */
export interface AnsweredError {
  readonly operationId: string;
  readonly status: number;
  readonly code: string;
}

/**
 * Records every error answer of the app by operation, status and code (the schema's
 * `operationId`; answers of no operation, such as an unknown route, are not any operation's).
 */
export const recordErrorAnswers = (app: FastifyInstance): AnsweredError[] => {
  const answered: AnsweredError[] = [];
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) return payload;
    try {
      const code = (JSON.parse(payload) as { code?: unknown }).code;
      if (typeof code === 'string') answered.push({ operationId, status: reply.statusCode, code });
    } catch {
      // Not a JSON error body: nothing to check.
    }
    return payload;
  });
  return answered;
};

export class UnlistedErrorCodes extends Error {
  override readonly name = 'UnlistedErrorCodes';
}

type Documented = ReadonlyMap<string, Readonly<Record<string, readonly string[]>>>;

/** Each operation's `x-error-codes` (status -> codes) from the app's own OpenAPI document. */
const documentedCodes = (app: FastifyInstance): Documented => {
  const document = app.swagger() as {
    paths?: Record<
      string,
      Record<string, { operationId?: string; 'x-error-codes'?: Record<string, string[]> }>
    >;
  };
  const codes = new Map<string, Record<string, string[]>>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (operation.operationId) codes.set(operation.operationId, operation['x-error-codes'] ?? {});
    }
  }
  return codes;
};

/**
 * The error answers the document does not list for their operation and status. With
 * RECORD_ERROR_CODES set to a file, every answer is appended there instead (to bootstrap or
 * review the table in src/http/operation-errors.ts) and nothing is refused.
 */
export const unlistedErrorAnswers = (app: FastifyInstance, answered: readonly AnsweredError[]): string[] => {
  const recordTo = process.env.RECORD_ERROR_CODES;
  if (recordTo) {
    if (answered.length > 0)
      appendFileSync(recordTo, `${answered.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
    return [];
  }
  const documented = documentedCodes(app);
  const unlisted = new Set<string>();
  for (const { operationId, status, code } of answered) {
    if (!documented.get(operationId)?.[String(status)]?.includes(code))
      unlisted.add(`${operationId} ${status} ${code}`);
  }
  return [...unlisted].sort();
};
