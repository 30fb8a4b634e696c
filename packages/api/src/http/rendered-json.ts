import type { FastifyReply } from 'fastify';

/** An answer as JSON text, by the route's own serializer for its 200 schema (fast-json-stringify). */
export const renderJson = (reply: FastifyReply, answer: unknown): string => reply.serialize(answer) as string;

/**
 * Sends JSON text rendered earlier by the route's own serializer: Fastify sends a string with a
 * content type as it is, so the cached text is not parsed or serialized again.
 */
export const sendRenderedJson = (reply: FastifyReply, body: string): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(body);
