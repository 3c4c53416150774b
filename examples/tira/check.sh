#!/usr/bin/env bash
# check.sh builds the TIRA image from the repository's Containerfile with
# podman (or buildah), checks its size, entrypoint, user and files, and
# runs every system from the image's root filesystem on the embedded 2022
# sample as TIRA runs it: "sh -c COMMAND", with $inputDataset and
# $outputDir replaced by the input (read-only) and output directories,
# no network, a read-only root, a non-root user (65534) and no home
# directory (then HOME=/, read-only, as podman gives a user the image does
# not name). Each run.txt must equal, byte for byte, the run of the same
# system built natively and run on the same input (with an index cache),
# which must equal the run on the embedded sample (without -i). Systems:
# baseline, swordsman, advanced and every recipe of advanced -recipe list.
# The image's /bin/baseline and /bin/swordsman are symbolic links to
# /bin/advanced, which runs the system it is called as; the native
# baseline and swordsman are their own commands' builds, so that their runs
# check that advanced called by their names runs them.
#
#	examples/tira/check.sh   # from anywhere in the clone; needs root
#
# podman run is not used: where the OCI runtime cannot start containers
# (crun: "cgroups in hybrid mode not supported"), nothing would run. The
# image's root filesystem is exported and the systems are run in it by
# chroot, inside unshare (new mount, network and PID namespaces), with the
# root and the input bind-mounted read-only. RUN steps of the build use
# --isolation chroot for the same reason (BUILD_ISOLATION=oci for the
# default).
#
# Where the Containerfile's pinned base images cannot be pulled (no
# registry access), stand-ins are built from the machine's own files,
# with no RUN step: the Go toolchain of "go env GOROOT" if it is the
# pinned version (with the machine's CA certificates, for go mod
# download), and a static /bin/busybox (Debian: busybox-static). The script
# says which images it used.
#
# Environment: IMAGE (default argsearch), TOOL (podman or buildah; default
# podman if installed), BUILD_ISOLATION (default chroot), MAX_MB (the size
# limit, default 100), PULL_TIMEOUT (seconds for each pull of a base image,
# default 300), WORK (a directory for the runs; default a temporary
# one, removed at the end), NO_CACHE=1 (build without the layer cache).
# Exit status 0: every check held; 1: one failed (said on stderr).
set -euo pipefail

began=$(date +%s.%N)
root=$(cd "$(dirname "$0")/../.." && pwd)
containerfile=$root/Containerfile
image=${IMAGE:-argsearch}
isolation=${BUILD_ISOLATION:-chroot}
max_mb=${MAX_MB:-100}

fail() {
	echo "check.sh: FAIL: $*" >&2
	exit 1
}
say() { echo "check.sh: $*"; }

if [ -z "${TOOL:-}" ]; then
	if command -v podman >/dev/null; then
		TOOL=podman
	elif command -v buildah >/dev/null; then
		TOOL=buildah
	else
		fail "neither podman nor buildah is installed (Debian: apt-get install podman buildah)"
	fi
fi
command -v "$TOOL" >/dev/null || fail "$TOOL is not installed"
[ "$(id -u)" = 0 ] || fail "needs root: the runs use chroot and mounts in new namespaces as a non-root user"
for c in unshare chroot go tar awk sha256sum; do
	command -v $c >/dev/null || fail "$c is not installed"
done

if [ -n "${WORK:-}" ]; then
	work=$WORK
	mkdir -p "$work"
else
	work=$(mktemp -d "${TMPDIR:-/tmp}/argsearch-tira-check.XXXXXX")
	trap 'rm -rf "$work"' EXIT
fi

image_exists() {
	if [ "$TOOL" = podman ]; then
		podman image exists "$1"
	else
		buildah inspect --type image "$1" >/dev/null 2>&1
	fi
}

build() { # build ARGS...: podman build or buildah bud
	if [ "$TOOL" = podman ]; then
		podman build "$@"
	else
		buildah bud "$@"
	fi
}

# base IMAGE STANDIN MAKE: IMAGE if it is here or can be pulled, else the
# stand-in image STANDIN, built by the function MAKE if it is missing.
base() {
	if image_exists "$1" || timeout "${PULL_TIMEOUT:-300}" "$TOOL" pull -q "$1" >/dev/null 2>&1; then
		echo "$1"
		return
	fi
	image_exists "$2" || "$3" "$2" >&2
	echo "$2"
}

# standin_go IMAGE builds IMAGE from this machine's Go toolchain, which
# must be the pinned version.
standin_go() {
	local goroot ctx
	[ "$(go env GOVERSION)" = "go$go_version" ] ||
		fail "cannot pull $go_image, and the local Go is $(go env GOVERSION), not the pinned go$go_version"
	goroot=$(go env GOROOT)
	ctx=$work/standin-go
	mkdir -p "$ctx/etc/ssl/certs" "$ctx/tmp"
	chmod 1777 "$ctx/tmp"
	cp -a "$goroot" "$ctx/go"
	cp /etc/ssl/certs/ca-certificates.crt "$ctx/etc/ssl/certs/" ||
		fail "no /etc/ssl/certs/ca-certificates.crt for the Go stand-in"
	printf '%s\n' 'FROM scratch' 'COPY go /usr/local/go' 'COPY etc /etc' 'COPY tmp /tmp' \
		'ENV PATH=/usr/local/go/bin GOPATH=/go' >"$ctx/Containerfile"
	say "stand-in for $go_image: $1 from $goroot ($(go env GOVERSION))"
	build -q -t "$1" -f "$ctx/Containerfile" "$ctx" >/dev/null
	rm -rf "$ctx"
}

# standin_sh IMAGE builds IMAGE holding this machine's static busybox.
standin_sh() {
	local ctx=$work/standin-sh
	[ -x /bin/busybox ] && ! ldd /bin/busybox >/dev/null 2>&1 ||
		fail "cannot pull $sh_image, and there is no static /bin/busybox (Debian: apt-get install busybox-static)"
	mkdir -p "$ctx/bin"
	cp /bin/busybox "$ctx/bin/"
	printf '%s\n' 'FROM scratch' 'COPY bin /bin' >"$ctx/Containerfile"
	say "stand-in for $sh_image: $1 from /bin/busybox ($(/bin/busybox | head -1))"
	build -q -t "$1" -f "$ctx/Containerfile" "$ctx" >/dev/null
	rm -rf "$ctx"
}

# The images the Containerfile pins, or their stand-ins.
go_image=$(sed -n 's/^ARG GO_IMAGE=//p' "$containerfile")
sh_image=$(sed -n 's/^ARG SH_IMAGE=//p' "$containerfile")
go_version=$(echo "$go_image" | sed -n 's/.*:\([0-9][0-9.]*\).*/\1/p')
[ -n "$go_image" ] && [ -n "$sh_image" ] && [ -n "$go_version" ] ||
	fail "$containerfile does not pin GO_IMAGE (golang:VERSION) and SH_IMAGE"
go_base=$(base "$go_image" "localhost/argsearch-standin-golang:$go_version" standin_go)
sh_base=$(base "$sh_image" localhost/argsearch-standin-busybox:latest standin_sh)
say "builder image $go_base, shell image $sh_base"

# 1. Build.
args=(--isolation "$isolation" -t "$image" -f "$containerfile"
	--build-arg "GO_IMAGE=$go_base" --build-arg "SH_IMAGE=$sh_base")
[ "${NO_CACHE:-}" = 1 ] && args+=(--no-cache)
start=$(date +%s.%N)
build "${args[@]}" "$root" >"$work/build.log" 2>&1 || {
	tail -20 "$work/build.log" >&2
	fail "$TOOL build failed (log above)"
}
say "built $image with $TOOL in $(awk "BEGIN { printf \"%.1f\", $(date +%s.%N) - $start }") s"

# 2. Size, entrypoint, command, user.
if [ "$TOOL" = podman ]; then
	inspect() { podman image inspect --format "$1" "$image"; }
	size=$(inspect '{{.Size}}')
	entrypoint=$(inspect '{{json .Config.Entrypoint}}')
	cmd=$(inspect '{{json .Config.Cmd}}')
	user=$(inspect '{{.Config.User}}')
else
	# buildah has no json template function and gives the size in MB.
	inspect() { buildah inspect --type image --format "$1" "$image"; }
	mb=$(buildah images --json "$image" | sed -n 's/.*"size": *"\([0-9.]*\) MB".*/\1/p' | head -1)
	[ -n "$mb" ] || fail "buildah gives no size in MB for $image"
	size=$(awk "BEGIN { printf \"%d\", $mb * 1e6 }")
	entrypoint=$(inspect '{{.OCIv1.Config.Entrypoint}}')
	cmd=$(inspect '{{.OCIv1.Config.Cmd}}')
	[ "$cmd" != "[/bin/advanced -h]" ] || cmd='["/bin/advanced","-h"]'
	user=$(inspect '{{.OCIv1.Config.User}}')
fi
mb=$(awk "BEGIN { printf \"%.1f\", $size / 1e6 }")
say "image $image: $mb MB ($size bytes), entrypoint $entrypoint, command $cmd, user $user"
[ "$((size / 1000000))" -lt "$max_mb" ] || fail "the image is $mb MB, more than MAX_MB=$max_mb"
case $entrypoint in null | "[]") ;; *) fail "the image has the entrypoint $entrypoint; want none, so that TIRA's command runs as given" ;; esac
[ "$cmd" = '["/bin/advanced","-h"]' ] || fail "the image's command is $cmd, want [\"/bin/advanced\",\"-h\"]"
[ "$user" = 65534:65534 ] || fail "the image runs as user '$user', want 65534:65534 (nobody)"

# 3. The root filesystem: exactly the binary, its two links and /bin/sh.
rootfs=$work/rootfs
mkdir -p "$rootfs"
if [ "$TOOL" = podman ]; then
	ctr=$(podman create "$image")
	podman export "$ctr" | tar -C "$rootfs" -xf -
	podman rm "$ctr" >/dev/null
else
	ctr=$(buildah from -q "$image")
	tar -C "$(buildah mount "$ctr")" -cf - . | tar -C "$rootfs" -xf -
	buildah rm "$ctr" >/dev/null
fi
files=$(cd "$rootfs" && find . -type f -o -type l | sort | tr '\n' ' ')
[ "$files" = "./bin/advanced ./bin/baseline ./bin/sh ./bin/swordsman " ] ||
	fail "the image holds $files; want ./bin/advanced ./bin/baseline ./bin/sh ./bin/swordsman"
for b in baseline swordsman; do
	[ -L "$rootfs/bin/$b" ] && [ "$(readlink "$rootfs/bin/$b")" = advanced ] ||
		fail "/bin/$b is not a symbolic link to advanced: $(ls -l "$rootfs/bin/$b")"
done
[ -f "$rootfs/bin/advanced" ] && [ ! -L "$rootfs/bin/advanced" ] || fail "/bin/advanced is not a file"
say "the image holds $files(baseline and swordsman: links to advanced, $(wc -c <"$rootfs/bin/advanced") bytes)"
# Mount points, as a container runtime makes them: /proc, /dev (with null,
# zero, random and urandom) and TIRA's input and output directories.
mkdir -p "$rootfs/proc" "$rootfs/dev" "$rootfs/tira-data/input" "$rootfs/tira-data/output"

# 4. The embedded 2022 sample as a TIRA input directory, and the systems
# built natively as the Containerfile builds them.
in=$work/input
(cd "$root" && go run ./examples/tira/sampleinput -sample 2022 "$in")
(cd "$root" && CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath -ldflags='-s -w -buildid=' \
	-o "$work/native/" ./examples/baseline ./examples/swordsman ./examples/advanced)
if cmp -s "$work/native/advanced" "$rootfs/bin/advanced"; then
	say "advanced: the image's binary is byte-identical to the native build"
else
	say "advanced: the image's binary differs from the native build (another toolchain build); the runs are compared"
fi

# run_image OUT HOME COMMAND: COMMAND, TIRA's, run by the image's /bin/sh
# as user 65534 in a read-only root, without network, with HOME unset
# (HOME "none") or set; $inputDataset and $outputDir are replaced as TIRA
# replaces them.
run_image() {
	local out=$1 home=$2 command=$3 env=(PATH=/bin)
	[ "$home" = none ] || env+=(HOME="$home")
	command=${command//\$inputDataset//tira-data/input}
	command=${command//\$outputDir//tira-data/output}
	mkdir -p "$out"
	chown 65534:65534 "$out"
	unshare --mount --net --pid --fork --kill-child -- bash -euc '
		r=$1 in=$2 out=$3; shift 3
		mount --make-rprivate /
		mount --bind "$r" "$r"
		mount --bind "$in" "$r/tira-data/input"
		mount -o remount,bind,ro "$r/tira-data/input"
		mount --bind "$out" "$r/tira-data/output"
		mount -t proc -o ro proc "$r/proc"
		mount -t tmpfs -o mode=755,size=64k tmpfs "$r/dev"
		for d in null zero random urandom; do
			touch "$r/dev/$d"
			mount --bind "/dev/$d" "$r/dev/$d"
		done
		mount -o remount,bind,ro "$r"
		exec env -i "$@"
	' check "$rootfs" "$in" "$out" "${env[@]}" "$(command -v chroot)" --userspec=65534:65534 "$rootfs" /bin/sh -c "$command"
}

# 5. The sandbox is what the runs claim: a read-only root and input, a
# writable output, user 65534, no network interface but lo, no HOME.
probe='if (: >/probe) 2>/dev/null; then echo "the root is writable"; exit 1; fi
if (: >$inputDataset/probe) 2>/dev/null; then echo "the input is writable"; exit 1; fi
: >$outputDir/probe || exit 1
uid=; while read -r k v _; do if [ "$k" = Uid: ]; then uid=$v; fi; done </proc/self/status
if [ "$uid" != 65534 ]; then echo "the user is $uid"; exit 1; fi
n=0; while read -r _; do n=$((n + 1)); done </proc/net/dev
if [ "$n" != 3 ]; then echo "network interfaces beside lo"; exit 1; fi
if [ -n "${HOME+set}" ]; then echo "HOME is set"; exit 1; fi'
run_image "$work/probe" none "$probe" >"$work/probe.out" 2>&1 || fail "the sandbox: $(cat "$work/probe.out")"
[ -e "$work/probe/probe" ] || fail "the sandbox: the output directory was not written"
say "sandbox: read-only root and input, writable output, user 65534, only lo, no HOME"

# 6. Every system: native on the sample (embedded and as -i) and from the
# image (without a home and with a read-only one), compared.
systems=("baseline|/bin/baseline" "swordsman|/bin/swordsman" "advanced|/bin/advanced")
recipes=$("$work/native/advanced" -recipe list | cut -d' ' -f1)
[ -n "$recipes" ] || fail "advanced -recipe list lists no recipe"
for r in $recipes; do
	systems+=("recipe-$r|/bin/advanced -recipe $r")
done
n=0
for s in "${systems[@]}"; do
	name=${s%%|*} sys=${s#*|}
	native=$work/native/${sys#/bin/}
	# A sample cannot give every topic the 100 pairs Touché asks for.
	tira="$sys -i \$inputDataset -o \$outputDir -min-pairs 0"
	o=$work/out/$name
	mkdir -p "$o/embedded" "$o/native"
	$native -o "$o/embedded" -quiet -cache off >/dev/null 2>"$o/embedded.err" ||
		fail "$name: the native run on the embedded sample failed: $(cat "$o/embedded.err")"
	$native -i "$in" -o "$o/native" -min-pairs 0 -quiet -cache "$work/cache" >/dev/null 2>"$o/native.err" ||
		fail "$name: the native run failed: $(cat "$o/native.err")"
	cmp "$o/embedded/run.txt" "$o/native/run.txt" >&2 ||
		fail "$name: the native runs on the embedded sample and on its input directory differ"
	for home in none /; do
		h=home-${home//\//root}
		run_image "$o/$h" "$home" "$tira" >"$o/$h.out" 2>"$o/$h.err" ||
			fail "$name (HOME $home): the run from the image failed: $(cat "$o/$h.err")"
		cmp "$o/native/run.txt" "$o/$h/run.txt" >&2 ||
			fail "$name (HOME $home): the run from the image differs from the native run"
		left=$(cd "$o/$h" && ls -A | tr '\n' ' ')
		[ "$left" = "run.txt " ] || fail "$name (HOME $home): the output directory holds $left; want run.txt alone"
	done
	say "$name: '$tira' from the image (no HOME; HOME=/ read-only) = native run, $(wc -l <"$o/native/run.txt") lines, sha256 $(sha256sum "$o/native/run.txt" | cut -c1-16)"
	n=$((n + 1))
done
say "stderr of the last run from the image: $(tr '\n' ' ' <"$o/$h.err")"
say "OK: $n systems, every run from the image byte-identical to the native run; $(awk "BEGIN { printf \"%.0f\", $(date +%s.%N) - $began }") s in all"
