import { readdirSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { IncomingMessage } from 'node:http';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../http/error-body.js';
import { STATUS_OF } from '../http/error-status.js';

/** Vite names each file under assets/ by a hash of its content: a changed file gets a new URL. */
export const HASHED_ASSET_CACHING = 'public, max-age=31536000, immutable';
/** The HTML names the current hashes, so browsers ask again on every load (a 304 while unchanged). */
export const HTML_CACHING = 'no-cache';

export const NOT_BUILT_MESSAGE =
  'The web apps are not built: run pnpm build:web (or set WEB_ROOT), then restart the service';

const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** The API and the metrics keep their JSON 404 for any path nothing answers. */
const isServicePath = (path: string): boolean => isUnder(path, '/api') || isUnder(path, '/metrics');

type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type RouteHandler = Parameters<ReturnType<ConstraintStrategy['storage']>['set']>[1];

/** A request's path, percent-decoded as the router matches it (run for every request: kept cheap). */
const pathOf = (url: string): string => {
  const path = url.split('?', 1)[0] ?? '/';
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * Lets the router give the catch-all only paths outside /api and /metrics: there, a path no route
 * matches still meets the router's own answers (the JSON 404, a 405, an over-long id's 400) as if
 * the catch-all did not exist, instead of being caught by it.
 */
const appPathConstraint: ConstraintStrategy = {
  name: 'webAppPath',
  storage: () => {
    const handlers = new Map<unknown, RouteHandler>();
    return {
      get: (isAppPath) => handlers.get(isAppPath) ?? null,
      set: (isAppPath, handler) => void handlers.set(isAppPath, handler),
    };
  },
  deriveConstraint: (request: IncomingMessage) => !isServicePath(pathOf(request.url ?? '/')),
};

/** The files at the top of the built apps (favicon, robots.txt), read once at start-up. */
const topLevelFiles = (root: string): ReadonlySet<string> =>
  new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
      .map((entry) => entry.name),
  );

/**
 * The built web apps (`pnpm build:web`), from `root` (null: not built): hashed assets cached for
 * good, the HTML revalidated; any other GET or HEAD outside /api and /metrics answers the admin's
 * HTML under /admin and the storefront's elsewhere, so the apps' own routes survive a reload.
 * One catch-all route, exempt from the per-address limit (a page load is a burst of assets);
 * unknown paths under the API still reach the rate-limited JSON 404.
 */
export const webAppsPlugin = fp(
  async (app: FastifyInstance, { root }: { readonly root: string | null }) => {
    const assets = root === null ? '' : resolve(root, 'assets') + sep;
    if (root !== null) {
      await app.register(fastifyStatic, {
        root,
        serve: false,
        index: false,
        dotfiles: 'ignore',
        cacheControl: false,
        // Set only when a file is sent, so a 404 is never cached for a year.
        setHeaders: (reply, path) =>
          reply.header('cache-control', path.startsWith(assets) ? HASHED_ASSET_CACHING : HTML_CACHING),
      });
    }
    const files = root === null ? new Set<string>() : topLevelFiles(root);
    app.addConstraintStrategy(appPathConstraint);
    const routeOptions = {
      schema: { hide: true },
      config: { rateLimit: false as const },
      constraints: { [appPathConstraint.name]: true },
    };
    // Sent, not returned: a plain handler's return value would be sent a second time.
    app.get('/*', routeOptions, (request, reply) => {
      const path = `/${(request.params as { '*': string })['*']}`;
      if (root === null)
        reply.status(STATUS_OF.NOT_FOUND).send(errorBody(request.url, 'NOT_FOUND', NOT_BUILT_MESSAGE));
      else if (isUnder(path, '/assets') || files.has(path.slice(1))) reply.sendFile(path);
      else reply.sendFile(isUnder(path, '/admin') ? '/admin/index.html' : '/index.html');
    });
  },
  { name: 'web-apps', dependencies: ['error-handler', 'rate-limit'] },
);
