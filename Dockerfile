# The service for a plain host: Deno's official image, ffmpeg from Debian, dependencies cached at build time,
# run as the image's unprivileged `deno` user on a read-only root filesystem. Only /data is written: the Deno KV
# file of payment claims (mount a volume there). See docs/operations.md, "Container".
FROM denoland/deno:debian-2.9.6

RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data \
  && chown deno:deno /data

WORKDIR /app
COPY . .
# Everything the service imports, fetched now: at run time nothing is downloaded (--cached-only).
RUN deno install --frozen --entrypoint main.ts

ENV SERVICE_MODE=mainnet \
  HOST=0.0.0.0 \
  PORT=8000 \
  KV_PATH=/data/claims.sqlite \
  DENO_NO_UPDATE_CHECK=1

USER deno
VOLUME /data
EXPOSE 8000

ENTRYPOINT ["deno", "run", "--cached-only", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", "--allow-run=ffmpeg", "--allow-write=/data", "--deny-ffi", "main.ts"]
