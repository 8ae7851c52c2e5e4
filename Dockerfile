# One image: the server, the built web app and the code runner's sandbox tools.
#   docker build -t learn .
#   docker run -p 3000:3000 -v learn-data:/data --cap-add SYS_ADMIN --security-opt seccomp=unconfined learn
# (bubblewrap needs to create namespaces for the code runner; without those two options everything but
# running code works, and /api/health says why code running is off.) At scale: compose.yaml.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/runner/package.json packages/runner/
COPY packages/content/package.json packages/content/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
# The sandbox (bubblewrap, setpriv/prlimit from util-linux) and what the learners' programs need.
RUN apt-get update \
  && apt-get install -y --no-install-recommends bubblewrap util-linux gcc g++ libc6-dev python3 tini \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
COPY --from=build /app /app
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# tini passes SIGTERM to the server, which drains before it exits (SHUTDOWN_GRACE_SECONDS).
ENTRYPOINT ["tini", "--"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
