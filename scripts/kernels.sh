#!/bin/sh
# Debian's kernel of one Linux line, in a build tree: fetched with apt-get
# download, unpacked with dpkg-deb -x, never installed (neither /boot nor
# this machine's /lib/modules is touched).
#
# Usage: kernels.sh OUTDIR LINE            LINE: MAJOR.MINOR (6.1, 6.18, 7.3)
#        kernels.sh OUTDIR LINE --source
#        kernels.sh OUTDIR LINE --headers
#
#   6.1   what linux-image-amd64 depends on (Debian 12)
#   6.12  what linux-image-6.12-amd64 depends on (Debian 12)
#   other the newest linux-image-LINE.N+debNN-amd64 of Debian 13 and its
#         backports (6.16, 6.17, 6.18, 7.2, 7.3 are whole there), through a
#         private apt configuration in OUTDIR/apt (its sources the URIs of
#         this machine's own Debian source, signed by debian-archive-keyring):
#         the host's apt is left alone.  From 6.19 the image is split:
#         linux-image-VER depends on linux-binary-VER (the kernel),
#         linux-modules-VER and linux-base-VER (its config, System.map); a
#         line whose modules package is gone from the archive (6.19, 7.0,
#         7.1) cannot be booted with its modules: exit 3, said why
#
# The kernel's tree is OUTDIR/LINE/root, as the packages unpack, with the
# modules decompressed (busybox's insmod cannot read .ko.xz), a lib -> usr/lib
# link where the packages use merged /usr only, and depmod's files (no package
# ships modules.dep or modules.alias).  The .debs are kept in OUTDIR/debs: a
# second run downloads nothing.  One run at a time per OUTDIR (flock).
# apt-get's own output goes to OUTDIR/apt.log (its last lines are shown when
# it fails); stderr has one line per step, none with -q.
#
# Prints one line: VERSION KERNEL_IMAGE MODULES_DIR (VERSION as uname -r
# prints it, the paths absolute).  With --source: the path of the line's
# linux-source-X.Y tarball (6.1 and 6.12 from Debian 12, the others from
# Debian 13 and its backports: 7.2, 7.3), taken out of its package into
# OUTDIR/LINE/source and extracted nowhere.  With --headers: the kernel's
# build tree (what /lib/modules/VERSION/build is when installed), from
# linux-headers-VERSION and the two packages it needs (its -common half and
# linux-kbuild, whose scripts a module's build runs), unpacked into
# OUTDIR/LINE/headers, the flavour's Makefile pointed at its unpacked
# -common neighbour instead of /usr/src; pahole, where linux-kbuild depends
# on it (the modules' BTF), in OUTDIR/LINE/headers/usr/bin.
# Exit 77, saying why on stderr, when the kernel cannot be had (no network,
# no package lists): the one reason to skip.  Exit 3 when the archive has
# the line but not whole (no modules package).  Exit 2 on a usage error.
set -eu

me=kernels.sh
usage() {
	echo "usage: $me [-q] OUTDIR LINE [--source|--headers]    (LINE: MAJOR.MINOR, e.g. 6.18)" >&2
	exit 2
}
quiet=""
if [ "${1:-}" = -q ]; then
	quiet=1
	shift
fi
[ $# -eq 2 ] || [ $# -eq 3 ] || usage
line=$2
mode=kernel
if [ $# -eq 3 ]; then
	case $3 in
	--source) mode=source ;;
	--headers) mode=headers ;;
	*) usage ;;
	esac
fi
case $line in
6.1) meta=linux-image-amd64 private="" ;;
6.12) meta=linux-image-6.12-amd64 private="" ;;
[1-9].[0-9] | [1-9].[0-9][0-9]) meta="" private=1 ;;
*) usage ;;
esac
mkdir -p "$1"
out=$(cd "$1" && pwd)
PATH=$PATH:/usr/sbin:/sbin

die() {
	echo "$me: $*" >&2
	exit 1
}
skip() {
	echo "$me: $*" >&2
	exit 77
}
say() {
	[ -n "$quiet" ] || echo "$me: $*" >&2
}

for c in apt-get apt-cache dpkg-deb depmod flock xz tar; do
	command -v "$c" >/dev/null 2>&1 || die "$c not found"
done

# One run at a time per OUTDIR: the others wait, then find the kernel there.
exec 9>"$out/.lock"
flock 9

debs=$out/debs
mkdir -p "$debs"

# apt-get's own words, kept out of the terminal.
log=$out/apt.log
# apt_run ARGS...: apt-get, its output appended to the log; on failure its
# last lines on stderr.
apt_run() {
	printf '\n$ apt-get %s\n' "$*" >>"$log"
	if apt-get "$@" >>"$log" 2>&1; then
		return 0
	fi
	tail -n 5 "$log" | sed "s/^/$me: apt-get: /" >&2
	return 1
}

# apt: the host's configuration for Debian 12's lines; for the others a
# private one (facts: Debian 13's packages never through the host's sources).
set --
if [ -n "$private" ]; then
	apt=$out/apt
	mkdir -p "$apt/etc/apt/sources.list.d" "$apt/etc/apt/apt.conf.d" \
		"$apt/etc/apt/preferences.d" "$apt/state/lists/partial" "$apt/cache/archives/partial"
	# apt drops root to _apt for its downloads when _apt can write where
	# they go, as its own /var/cache/apt and /var/lib/apt/lists are made
	# (else it warns and downloads unsandboxed, as root).
	if [ "$(id -u)" = 0 ] && id _apt >/dev/null 2>&1; then
		chown _apt "$apt/state/lists/partial" "$apt/cache/archives/partial" 2>/dev/null || true
	fi
	# The URIs this machine's Debian source uses (deb822 or one-line form),
	# the security archive's aside.
	uris=""
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		uris=$(sed -n 's/^URIs:[[:space:]]*//p' "$f" | tr ' ' '\n' | grep -v -e security -e '^$' | head -n 1)
		[ -z "$uris" ] || break
	done
	if [ -z "$uris" ]; then
		for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
			[ -r "$f" ] || continue
			uris=$(sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\2/p' "$f" |
				grep -v security | head -n 1)
			[ -z "$uris" ] || break
		done
	fi
	[ -n "$uris" ] || skip "no Debian source in /etc/apt/sources.list{,.d}: no archive to take Debian 13's kernel from"
	keyring=/usr/share/keyrings/debian-archive-keyring.gpg
	[ -r "$keyring" ] || skip "$keyring missing (Debian package debian-archive-keyring)"
	new=$(printf 'Types: deb\nURIs: %s\nSuites: trixie trixie-backports\nComponents: main\nSigned-By: %s\n' "$uris" "$keyring")
	if [ "$(cat "$apt/etc/apt/sources.list.d/debian13.sources" 2>/dev/null)" != "$new" ]; then
		printf '%s\n' "$new" >"$apt/etc/apt/sources.list.d/debian13.sources"
		rm -f "$apt/state/lists/"*_Packages* "$apt/state/lists/"*Release*
	fi
	# Backports first: a package of both is taken in its newer version.
	set -- -o "Dir::Etc=$apt/etc/apt" -o Dir::Etc::sourcelist=/dev/null \
		-o "Dir::State=$apt/state" -o "Dir::Cache=$apt/cache" \
		-o APT::Default-Release=trixie-backports
fi
lists_updated=""
update_private() {
	[ -n "$private" ] && [ -z "$lists_updated" ] || return 1
	lists_updated=1
	say "apt-get update (Debian 13 and its backports) in $apt"
	apt_run "$@" -q update
}
# Package lists once; later runs take the ones there (a package gone from
# the archive makes the download fail, and then the lists are renewed).
if [ -n "$private" ] && ! ls "$apt/state/lists/"*trixie-backports*_Packages* >/dev/null 2>&1; then
	update_private "$@" || echo "$me: apt-get update of Debian 13's lists failed (no network?)" >&2
fi

# deps PKG: the packages PKG depends on (the candidate's), one a line,
# those the lists do not have too (apt-cache writes them <NAME>).
deps() {
	apt-cache "$@" depends "$pkg_q" 2>/dev/null | sed -n 's/^ *Depends: <\{0,1\}\([^ <>]*\)>\{0,1\}$/\1/p'
}
# known PKG: the package lists have PKG (a real package, not only a name
# some package depends on).
known() {
	k_=$1
	shift
	apt-cache "$@" show --no-all-versions "$k_" 2>/dev/null | grep -q '^Package:'

}
# The line's image package: for Debian 12's lines what the meta-package
# depends on; for the others the newest linux-image-LINE.N+debNN-amd64
# (neither -unsigned nor -dbg, the flavour amd64).
image_pkg() {
	if [ -n "$meta" ]; then
		pkg_q=$meta
		deps "$@" | grep -E '^linux-image-[0-9][^ ]*-amd64$' | head -n 1
		return 0
	fi
	apt-cache "$@" pkgnames "linux-image-$line." 2>/dev/null |
		grep -E "^linux-image-$(printf %s "$line" | sed 's/\./\\./')\.[0-9]+\+deb[0-9]+-amd64\$" |
		sort -V | tail -n 1
}

# The packages of the line: the versioned image and, for 7.x, what it is
# split into.  Without package lists, the ones the last run used.
record=$out/$line/packages
mkdir -p "$out/$line"
pkgs=""
case $mode in
source) record=$out/$line/source-packages ;;
headers) record=$out/$line/headers-packages ;;
esac
# Package lists unchanged since the last run: its packages and .debs as
# they were (every apt-cache lookup costs a second or more, and `wmishim
# try --kernel` runs this each time).  The lists renewed, or a .deb gone:
# looked up again.
lists=/var/lib/apt/lists
[ -z "$private" ] || lists=$apt/state/lists
files=""
if [ -s "$record" ] && [ -s "$record.files" ] &&
	[ -z "$(find "$lists" -maxdepth 1 -type f -newer "$record.files" 2>/dev/null | head -n 1)" ]; then
	files=$(cat "$record.files")
	for f in $files; do
		[ -f "$f" ] || files=""
	done
	[ -z "$files" ] || pkgs=$(cat "$record")
fi
cached=$files
if [ -n "$cached" ]; then
	:
elif [ "$mode" = source ]; then
	pkgs=linux-source-$line
else
	img=$(image_pkg "$@" || true)
	if [ -z "$img" ]; then
		:
	elif [ "$mode" = kernel ]; then
		pkg_q=$img
		pkgs=$img
		# From 6.19 the image is split (linux-binary, linux-modules);
		# linux-base holds the config and System.map: 6.18's image
		# names one the archive never had, which is no loss (its
		# image holds both).  Without its modules a line is not whole.
		for k in $(deps "$@" | grep -E '^linux-(binary|modules|base)-[0-9][^ ]*$' || true); do
			if known "$k" "$@"; then
				pkgs="$pkgs $k"
			elif [ "${k#linux-base-}" = "$k" ]; then
				echo "$me: Linux $line is not whole in the archive: $img needs $k, which it no longer has (the kernel cannot be booted with its modules)" >&2
				exit 3
			fi
		done
	else
		pkg_q=linux-headers-${img#linux-image-}
		pkgs="$pkg_q $(deps "$@" | grep -E '^linux-(headers-[0-9][^ ]*-common[^ ]*|kbuild-[0-9][^ ]*)$' | tr '\n' ' ' || true)"
		# pahole, which linux-kbuild needs (the modules' BTF) where it
		# says so: unpacked beside the headers, in usr/bin.
		for k in $pkgs; do
			case $k in linux-kbuild-*) pkg_q=$k && pkgs="$pkgs $(deps "$@" | grep -x pahole || true)" ;; esac
		done
	fi
fi
if [ -z "$pkgs" ] && [ -s "$record" ]; then
	pkgs=$(cat "$record")
	echo "$me: no package lists for Linux $line: taking the last run's packages ($pkgs)" >&2
fi
[ -n "$pkgs" ] || skip "apt-cache knows no ${meta:-linux-image-$line.N} for Linux $line (run apt-get update; no network?) and $out holds no earlier download"

# The .debs, kept in OUTDIR/debs, downloaded once.
fetch() {
	tmp=$(mktemp -d "$debs/.download.XXXXXX")
	# apt-get download runs as the _apt user when it can: let it write.
	chmod 0777 "$tmp"
	if (cd "$tmp" && apt_run "$@" -q download "$p"); then
		mv "$tmp"/*.deb "$debs/" 2>/dev/null || true
		rm -rf "$tmp"
		return 0
	fi
	rm -rf "$tmp"
	return 1
}
# have PKG: its .deb in OUTDIR/debs, the candidate's version when the lists
# say it (a package of both Debian 12 and 13, pahole, has two), else the
# newest there.
have() {
	ver=$(apt-cache "$@" show --no-all-versions "$p" 2>/dev/null | sed -n 's/^Version: //p' | head -n 1 | sed 's/:/%3a/')
	find "$debs" -maxdepth 1 -name "${p}_${ver:-*}_*.deb" | sort -V | tail -n 1
}
for p in $pkgs; do
	[ -z "$cached" ] || break
	deb=$(have "$@")
	if [ -z "$deb" ]; then
		say "downloading $p into $debs"
		fetch "$@" || { update_private "$@" && fetch "$@"; } ||
			skip "could not download $p (no network or no package lists?)"
		deb=$(have "$@")
		[ -n "$deb" ] || skip "apt-get download $p gave no .deb"
	fi
	files="$files $deb"
done
# shellcheck disable=SC2086 # names without blanks, split on purpose
pkgs=$(printf '%s\n' $pkgs | tr '\n' ' ')
pkgs=${pkgs% }
if [ -z "$cached" ]; then
	echo "$pkgs" >"$record"
	echo "$files" >"$record.files"
fi
# The packages unpacked, by name: the stamp of what is there.
want=$(for f in $files; do basename "$f"; done)

if [ "$mode" = source ]; then
	dir=$out/$line/source
	tarball=$(find "$dir" -name "linux-source-*.tar.*" 2>/dev/null | head -n 1)
	if [ -z "$tarball" ] || [ "$(cat "$dir/.from" 2>/dev/null)" != "$want" ]; then
		say "taking the tarball out of $want"
		rm -rf "$dir" "$dir.tmp"
		mkdir -p "$dir.tmp"
		# shellcheck disable=SC2086 # one .deb
		dpkg-deb --fsys-tarfile $files | tar -xf - -C "$dir.tmp" --wildcards './usr/src/linux-source-*.tar.*'
		printf '%s\n' "$want" >"$dir.tmp/.from"
		mv "$dir.tmp" "$dir"
		tarball=$(find "$dir" -name "linux-source-*.tar.*" | head -n 1)
		[ -n "$tarball" ] || die "$want holds no usr/src/linux-source-*.tar.*"
	fi
	echo "$tarball"
	exit 0
fi

if [ "$mode" = headers ]; then
	dir=$out/$line/headers
	if [ "$(cat "$dir/.unpacked" 2>/dev/null)" != "$want" ]; then
		say "unpacking$(for f in $files; do printf ' %s' "${f##*/}"; done)"
		rm -rf "$dir" "$dir.tmp"
		mkdir -p "$dir.tmp"
		for f in $files; do
			dpkg-deb -x "$f" "$dir.tmp"
		done
		tree=$(find "$dir.tmp/usr/src" -mindepth 1 -maxdepth 1 -name 'linux-headers-*' ! -name '*-common*' | head -n 1)
		[ -f "${tree:-/nonexistent}/Makefile" ] || die "no usr/src/linux-headers-VERSION/Makefile in$files"
		printf '%s\n' "$want" >"$dir.tmp/.unpacked"
		mv "$dir.tmp" "$dir"
	fi
	tree=$(find "$dir/usr/src" -mindepth 1 -maxdepth 1 -name 'linux-headers-*' ! -name '*-common*' | head -n 1)
	[ -n "$tree" ] || die "no usr/src/linux-headers-VERSION in $dir"
	# Its Makefile names its -common half from where make runs
	# (headers-point.sh), whatever path OUTDIR is reached by: trees
	# unpacked before, pointed at /usr/src or at their absolute path, are
	# made so too.
	sh "$(dirname "$0")/headers-point.sh" "$tree"
	echo "$tree"
	exit 0
fi

root=$out/$line/root
# modules ROOT: the kernel's modules directory (lib/modules/VER, or
# usr/lib/modules/VER in a merged-/usr tree), the only one there.
modules() {
	for d in "$1"/usr/lib/modules/* "$1"/lib/modules/*; do
		[ -d "$d" ] && { echo "$d"; return 0; }
	done
	return 1
}
# image ROOT VERSION: the kernel, boot/vmlinuz-VER (Debian 12) or
# usr/lib/modules/VER/vmlinuz (7.x's linux-binary).
image() {
	for k in "$1/boot/vmlinuz-$2" "$1/usr/lib/modules/$2/vmlinuz" "$1/lib/modules/$2/vmlinuz"; do
		[ -f "$k" ] && { echo "$k"; return 0; }
	done
	return 1
}
report() {
	md=$(modules "$root") || die "no modules directory in $root"
	md=$(cd -P "$md" && pwd)
	v=${md##*/}
	k=$(image "$root" "$v") || die "no kernel image for $v in $root"
	case $v in
	"$line".*) ;;
	*) echo "$me: note: Linux $v is not of the $line line" >&2 ;;
	esac
	echo "$v $k $md"
}

# Already there: nothing to do.
if [ "$(cat "$root/.unpacked" 2>/dev/null)" = "$want" ]; then
	report
	exit 0
fi

# Unpack into a fresh directory, then move it in place: a run that stops
# half-way leaves no half-unpacked tree behind.
say "unpacking$(for f in $files; do printf ' %s' "${f##*/}"; done)"
rm -rf "$root.tmp"
mkdir -p "$root.tmp"
for f in $files; do
	dpkg-deb -x "$f" "$root.tmp"
done
md=$(modules "$root.tmp") || die "no lib/modules/VERSION in$files"
version=${md##*/}
# depmod (kmod) looks in ROOT/lib/modules: in a merged-/usr tree, lib is
# usr/lib, as on the installed system.
if [ ! -e "$root.tmp/lib" ]; then
	ln -s usr/lib "$root.tmp/lib"
fi
[ -d "$root.tmp/lib/modules/$version" ] || die "$root.tmp/lib/modules/$version: both lib/ and usr/lib/modules in the packages"
# Modules decompressed (6.12 and 7.x ship .ko.xz): two at a time.
say "decompressing the modules of $version"
find "$md" -name '*.ko.xz' -print0 | xargs -0 -r -n 200 -P 2 xz -d
find "$md" -name '*.ko.gz' -print0 | xargs -0 -r -n 200 -P 2 gzip -d
if find "$md" -name '*.ko.zst' | grep -q .; then
	command -v zstd >/dev/null 2>&1 || die "zstd-compressed modules and no zstd"
	find "$md" -name '*.ko.zst' -print0 | xargs -0 -r -n 200 -P 2 zstd -q -d --rm
fi
depmod -b "$root.tmp" "$version"
[ -s "$md/modules.dep" ] || die "depmod made no modules.dep"
! grep -q '\.ko\.' "$md/modules.dep" || die "compressed modules left in $md"
printf '%s\n' "$want" >"$root.tmp/.unpacked"
rm -rf "$root"
mv "$root.tmp" "$root"
report
