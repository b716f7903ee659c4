# syntax=docker/dockerfile:1
# One image for the API server and the workers (docs/scaling.md, "In containers"): the same build,
# started as `node apps/server/dist/main.js` (the default) or `node apps/server/dist/worker.js`.
# Every ENV below is a variable of apps/server/src/platform/config.ts (scripts/deploy-files.test.ts).

FROM node:22-bookworm-slim AS build
WORKDIR /app
# The lock file's exact versions first, so a change of source alone reuses the installed layer.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/ packages/
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs

FROM node:22-bookworm-slim
WORKDIR /app
# The built server, worker, web app and the packages they load at run time (native and wasm ones
# from node_modules: DuckDB, web-ifc).
COPY --from=build --chown=node:node /app /app
ENV DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
