# syntax=docker/dockerfile:1
#
# The back office as one image: the JSON API and the built web app, on an external PostgreSQL
# (DATABASE_URL). The embedded PostgreSQL of `npm start` is for laptops; in a container the
# database is a service of its own (compose.yaml runs one).
#
#   docker build -t agent-backoffice .
#   docker run -e DATABASE_URL=postgres://user:pass@db-host:5432/backoffice -p 3000:3000 agent-backoffice

# Node.js 24, the current LTS line (Node.js 20 reached its end of life on 2026-04-30; 22 also works).
ARG NODE_VERSION=24

# --- build: every dependency, then the workspaces' dist folders --------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app

# The manifests first (one line per workspace of package.json), so the dependency layer is reused
# while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY packages/simulator/package.json packages/simulator/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci

COPY . .
# The build context leaves .git out, so the About page's commit comes from here:
# docker build --build-arg BUILD_COMMIT=$(git rev-parse --short HEAD) .
ARG BUILD_COMMIT=unknown
RUN BUILD_COMMIT=$BUILD_COMMIT npm run build

# Production dependencies only, and of each workspace what runs: package.json, dist, and the
# server's migrations. /out becomes the runtime image's /app.
RUN npm prune --omit=dev \
  && mkdir -p /out \
  && cp -a package.json node_modules /out/ \
  && for ws in packages/shared packages/simulator apps/server apps/web; do \
       mkdir -p "/out/$ws" && cp -a "$ws/package.json" "$ws/dist" "/out/$ws/" \
       && if [ -d "$ws/node_modules" ]; then cp -a "$ws/node_modules" "/out/$ws/"; fi; \
     done \
  && cp -a apps/server/drizzle /out/apps/server/

# --- runtime ---------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Owned by root and read-only to the app's user: the process writes nothing here.
COPY --from=build /out/ ./

# The node image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# Liveness through the server's own /healthz (no curl in the slim image: Node's fetch).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM starts the graceful shutdown (SHUTDOWN_TIMEOUT_MS, default 10 s): give the container
# more than that before it is killed (compose.yaml: stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/server.js"]
