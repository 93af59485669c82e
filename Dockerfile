# 内容管理后台 — the production image: Next's standalone payload served by server/server.mjs, the
# same server `npm start` runs (pages through Next, the API's routes called directly), which
# migrates the database and creates the first admin on start. docs/OPERATIONS.md → The container.
#
#   docker build -t cms-admin .
#   docker run -p 3000:3000 -v cms-data:/app/data cms-admin
#
# tests/unit/dockerfile.test.ts checks this file's rules; tests/e2e/container-payload.spec.ts
# arranges the build's output as the final stage's COPY lines do and starts it with its CMD.

# Alpine: its postgresql16-client gives the pg_dump that `npm run backup` needs for the
# PostgreSQL 16 of docker-compose.yml (pg_dump must match the server's major version).
ARG NODE_IMAGE=node:22-alpine3.22

# ---- build: every dependency (dev ones too), the Prisma client, `next build` ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# No install scripts: none is needed at run time, and Prisma's would fetch engines the app never
# uses (it talks to the database through driver adapters). Our own postinstall, generating the
# Prisma client, runs below once the schema is here.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/generate-prisma.mjs && node_modules/.bin/next build

# ---- tools: the build stage plus pg_dump 16, for `npm run backup` / `npm run restore`, which run
# from the sources (docs/OPERATIONS.md → Backup and restore):
#   docker build --target tools -t cms-admin-tools .
#   docker run --rm --env-file .env -v "$PWD/backups:/backups" cms-admin-tools \
#     npm run backup -- /backups/site.tar.gz
FROM build AS tools
RUN apk add --no-cache postgresql16-client

# ---- runtime: Node, pg_dump 16 and the traced payload; no npm install, no dev dependencies ----
FROM ${NODE_IMAGE} AS runtime
RUN apk add --no-cache postgresql16-client
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000
# Root-owned and read-only for the app; only /app/data (and Next's cache folder) are its to write.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
COPY --from=build /app/public ./public
# Also traced into the standalone output; copied by name so the image never starts without them.
COPY --from=build /app/prisma/migrations ./prisma/migrations
# The embedded database (data/pglite), uploads of the local driver (data/uploads) and the generated
# session secret (data/session-secret): one volume, owned by the unprivileged `node` user (uid 1000).
RUN mkdir -p /app/data /app/.next/cache && chown node:node /app/data /app/.next/cache
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD wget -q -T 4 -O /dev/null "http://127.0.0.1:${PORT}/api/health" || exit 1
# SIGTERM (docker stop -t 30): stop accepting, finish running requests (≤ 26 s), close the database.
CMD ["node", "server/server.mjs"]
