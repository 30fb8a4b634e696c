import type { FastifyReply } from 'fastify';
import { type BoundedMemo, createBoundedMemo } from '@trx-shop/domain';

/** 16 MiB of answer text per memo (UTF-16 in memory: two bytes a character). */
const MEMO_WEIGHT = 16 * 1024 * 1024;

/**
 * A per-instance memo of rendered JSON answers, filed under a store version by the use case that
 * reads through it (docs/decisions.md, "Memoized answers"). Bounded, so it cannot grow the process
 * beyond its share of the memory target (docs/performance.md).
 */
export const createAnswerMemo = (maxEntries: number): BoundedMemo<string> =>
  createBoundedMemo<string>({ maxEntries, maxWeight: MEMO_WEIGHT, weightOf: (body) => body.length * 2 });

/** An answer as JSON text, by the route's own serializer for its 200 schema (fast-json-stringify). */
export const renderJson = (reply: FastifyReply, answer: unknown): string => reply.serialize(answer) as string;

/**
 * Sends JSON text rendered earlier by the route's own serializer: Fastify sends a string with a
 * content type as it is, so the memoized text is not parsed or serialized again.
 */
export const sendRenderedJson = (reply: FastifyReply, body: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(body);
