# syntax=docker/dockerfile:1

# ---- build: compile TypeScript and the native addons ----------------------------------------
FROM node:20-bookworm-slim AS build
RUN apt-get update \
 && apt-get install --yes --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
RUN npm install --global pnpm@12.21.0
COPY pnpm-workspace.yaml pnpm-lock.yaml package.json tsconfig.base.json tsconfig.json ./
COPY packages ./packages
RUN pnpm install --frozen-lockfile \
 && pnpm build \
 && pnpm build:web \
 && pnpm --filter @trx-shop/api deploy --prod --legacy /app \
 && cp -r packages/web/dist /app/web

# ---- runtime: production dependencies only, non-root ----------------------------------------
FROM node:20-bookworm-slim AS runtime
# MALLOC_MMAP_THRESHOLD_: glibc would keep each argon2 hash's 19 MiB working memory in every
# thread's arena for good; served by mmap it goes back to the system (docs/performance.md).
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    PORT=3000 \
    WEB_ROOT=/app/web \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=build --chown=node:node /app ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# --heap-growing-percent=50: as `pnpm start` runs it; why, in docs/operations.md.
CMD ["node", "--heap-growing-percent=50", "dist/server.js"]
