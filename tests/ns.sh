# shellcheck shell=sh
# Sourced by a shell run in a private mount namespace of its own (unshare -m)
# that needs a directory this machine may not have, /lib/modules on a
# machine without kernel modules or /boot in a container: it makes the
# directory there and nowhere else.  Never mkdir on this machine instead:
# the suites run side by side (make -j), and another one's "this machine as
# it was" point sees a directory made for a while.
#   ns_dir NS DIR   DIR exists in this namespace; where it did not, its
#                   parent (resolved) is overlaid with an upper layer on NS
#                   (a tmpfs mounted there first) and DIR made in that
#                   layer.  A parent that is / cannot be overlaid (a mount
#                   over / is not what / names): refused, said.

# ns_dir NS DIR
ns_dir() {
	[ -d "$2" ] && return 0
	nd_parent=$(dirname "$2")
	ns_dir "$1" "$nd_parent" || return
	nd_up=$(readlink -f "$nd_parent") || return
	if [ "$nd_up" = / ]; then
		echo "ns_dir: $2 does not exist and / cannot be overlaid to make it" >&2
		return 1
	fi
	if ! mountpoint -q "$1" || [ "$(stat -f -c %T "$1")" != tmpfs ]; then
		mount -t tmpfs -o mode=0755 wmishim-ns "$1" || return
	fi
	# A layer of its own each time: an upper directory serves one overlay.
	ns_layers=$((${ns_layers:-0} + 1))
	nd_l=$1/$ns_layers
	mkdir -p "$nd_l/upper" "$nd_l/work" &&
		mount -t overlay wmishim-ns -o "lowerdir=$nd_up,upperdir=$nd_l/upper,workdir=$nd_l/work" "$nd_up" &&
		mkdir "$2"
}
