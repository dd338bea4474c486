# syntax=docker/dockerfile:1
# The AskS1 server (API + built web app), run from TypeScript source through tsx.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10.34.9
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY shared/package.json shared/
COPY ingest/package.json ingest/
COPY server/package.json server/
COPY web/package.json web/
COPY eval/package.json eval/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @asks1/web build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data MODELS_DIR=/models
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data /models && chown node:node /data /models
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=300s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node_modules/.bin/tsx", "server/src/server.ts"]
