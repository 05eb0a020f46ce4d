# syntax=docker/dockerfile:1
# One Dockerfile, one image per app (targets gateway, web, stubs, keycloak-emulator), each with its own app's
# production dependencies only, running as the unprivileged `node` user (uid 1000) with a health check.
#   docker build --target gateway -t backoffice-gateway .
# docker-compose.yml builds them; infra/k8s/ runs them (docs/operations.md §7).

# Node 24 LTS (Debian 12 slim), pinned by the digest of its multi-arch manifest list: a rebuild gets the same base
# until this line changes (docs/decisions.md, "2026-11-23 Platform": how the digest was chosen and how to refresh it
# with `docker buildx imagetools inspect node:24-bookworm-slim`).
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:e8e2e91b1378f83c5b2dd15f0247f34110e2fe895f6ca7719dbb780f929368eb

# --- every dependency, to build ------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/gateway/package.json apps/gateway/
COPY apps/web/package.json apps/web/
COPY apps/stubs/package.json apps/stubs/
COPY apps/keycloak-emulator/package.json apps/keycloak-emulator/
COPY packages/schema/package.json packages/schema/
COPY packages/validators/package.json packages/validators/
COPY packages/store/package.json packages/store/
COPY packages/infra-checks/package.json packages/infra-checks/
COPY packages/test-stack/package.json packages/test-stack/
COPY packages/tsgo/package.json packages/tsgo/
COPY examples/integration/package.json examples/integration/
COPY examples/outside/package.json examples/outside/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

# --- production dependencies only, one set per app ----------------------------------------------------------------
# Without the workspaces' devDependencies (never needed to run), `npm ci --omit=dev -w <app>` installs that app's
# production dependencies and links only the workspaces it depends on: the gateway gets no stubs or emulator
# dependency. Install scripts follow package.json's allowScripts (none runs).
FROM deps AS prod-deps
RUN for f in apps/*/package.json packages/*/package.json; do \
      node -e 'const fs = require("node:fs"); const p = JSON.parse(fs.readFileSync(process.argv[1])); delete p.devDependencies; fs.writeFileSync(process.argv[1], JSON.stringify(p));' "$f"; \
    done \
  && rm -rf node_modules

FROM prod-deps AS prod-deps-gateway
RUN npm ci --omit=dev --workspace apps/gateway --no-audit --no-fund && npm cache clean --force

FROM prod-deps AS prod-deps-web
RUN npm ci --omit=dev --workspace apps/web --no-audit --no-fund && npm cache clean --force

FROM prod-deps AS prod-deps-stubs
RUN npm ci --omit=dev --workspace apps/stubs --no-audit --no-fund && npm cache clean --force

FROM prod-deps AS prod-deps-keycloak-emulator
RUN npm ci --omit=dev --workspace apps/keycloak-emulator --no-audit --no-fund && npm cache clean --force

# --- the runtime base: the shared packages' package.json and build output, no sources ------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/schema/package.json /app/packages/schema/schema.graphql packages/schema/
COPY --from=build /app/packages/schema/dist packages/schema/dist
# The previous majors the gateway still serves (/graphql/v1: their SDL, read at start).
COPY --from=build /app/packages/schema/majors packages/schema/majors
COPY --from=build /app/packages/validators/package.json packages/validators/
COPY --from=build /app/packages/validators/dist packages/validators/dist
COPY --from=build /app/packages/store/package.json packages/store/
COPY --from=build /app/packages/store/dist packages/store/dist
# Probes without curl or wget: `healthcheck [path]` fetches http://127.0.0.1:$PORT/path (default /healthz) with node.
COPY --chmod=0755 <<'SH' /usr/local/bin/healthcheck
#!/bin/sh
exec node -e "fetch('http://127.0.0.1:' + process.env.PORT + (process.argv[1] || '/healthz'), { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" "$1"
SH
USER node

FROM runtime AS gateway
COPY --from=prod-deps-gateway --chown=root:root /app/node_modules ./node_modules
COPY --from=build /app/apps/gateway/package.json apps/gateway/
COPY --from=build /app/apps/gateway/dist apps/gateway/dist
ENV PORT=4000 METRICS_PORT=9464
EXPOSE 4000 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 CMD ["healthcheck"]
# Graceful stop: SIGTERM drains the requests in flight (SHUTDOWN_GRACE_MS) before exiting.
STOPSIGNAL SIGTERM
# V8's heap sized for the 512Mi container, not from the host's memory (infra/k8s/base/gateway.yaml, `args`: the same
# flags, and why; the bench measures the gateway with them).
CMD ["node", "--max-semi-space-size=32", "--max-old-space-size=384", "apps/gateway/dist/main.js"]

FROM runtime AS web
COPY --from=prod-deps-web --chown=root:root /app/node_modules ./node_modules
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
ENV PORT=5173
EXPOSE 5173
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 CMD ["healthcheck"]
CMD ["node", "apps/web/dist-server/main.js"]

FROM runtime AS stubs
COPY --from=prod-deps-stubs --chown=root:root /app/node_modules ./node_modules
COPY --from=build /app/apps/stubs/package.json apps/stubs/
COPY --from=build /app/apps/stubs/dist apps/stubs/dist
ENV PORT=4010
EXPOSE 4010
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 CMD ["healthcheck"]
CMD ["node", "apps/stubs/dist/main.js"]

# Demos only (the platform runs a real Keycloak). Its signing key goes to KEY_FILE (a writable volume).
FROM runtime AS keycloak-emulator
COPY --from=prod-deps-keycloak-emulator --chown=root:root /app/node_modules ./node_modules
COPY --from=build /app/infra/keycloak/realm-back-office.json infra/keycloak/
COPY --from=build /app/apps/keycloak-emulator/package.json apps/keycloak-emulator/
COPY --from=build /app/apps/keycloak-emulator/dist apps/keycloak-emulator/dist
ENV PORT=8080 KEY_FILE=/tmp/keycloak-emulator/signing-key.json
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["healthcheck", "/realms/back-office/.well-known/openid-configuration"]
CMD ["node", "apps/keycloak-emulator/dist/main.js"]
