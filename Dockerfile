# The production image (docs/decisions/780): the API compiled to plain JavaScript and the PWA it
# serves, built with every dependency and run with the API's production dependencies only, as the
# unprivileged `node` user. Configuration comes from the environment (docs/configuration.md).

FROM node:20-slim AS build
WORKDIR /app
COPY . .
RUN npm ci && npm run build

FROM node:20-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# npm ci checks the lock file against every workspace's package.json.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/bench/package.json bench/
COPY --from=build /app/packages packages
RUN npm ci --omit=dev --workspace=@auxilio/api && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node /data
USER node
EXPOSE 3000
# Readiness, not liveness: the database answers and live updates are heard (GET /ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
