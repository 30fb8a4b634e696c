import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/*
 * The ceiling: a bare Fastify route with no plugins, no store and no auth that answers a constant,
 * already serialised JSON body. Run as its own process (like the service) so both get the same
 * share of the machine. argv: port, then a JSON file mapping a name to the body to answer.
 */
const [port, bodiesFile] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(bodiesFile as string, 'utf8')) as Record<string, string>;

const app = Fastify({ logger: false });
for (const [name, body] of Object.entries(bodies)) {
  app.get(`/ceiling/${name}`, (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
}
await app.listen({ host: '127.0.0.1', port: Number(port) });
process.send?.('ready');
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
