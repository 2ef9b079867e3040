# shellcheck shell=sh
# Scenario secureboot of tests/vm/run.sh (T=secureboot runs it alone):
# real Secure Boot.  OVMF's Secure Boot build with Microsoft's keys enrolled
# and Secure Boot on (boot.sh -S, a copy of OVMF_VARS_4M.ms.fd) starts
# Debian's signed chain from a FAT disk (boot.sh -d): shim (shim-signed,
# signed by Microsoft's UEFI CA) as EFI/BOOT/BOOTX64.EFI, which verifies and
# starts GRUB (grub-efi-amd64-signed, signed by the Debian Secure Boot CA
# that shim carries) from beside it; GRUB reads its configuration where its
# embedded one looks first, the prefix /EFI/debian, and loads the kernel
# only once shim_lock has verified it (Debian's linux-image, signed by
# Debian too).  Debian's kernel then locks itself down: its
# drivers/firmware/efi/secureboot.c (a Debian patch) says "Secure boot
# enabled" and calls lock_kernel_down("EFI Secure Boot",
# LOCKDOWN_INTEGRITY_MAX) when CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT is set,
# from setup_arch(), before acpi_table_upgrade().  So under Secure Boot:
#   - the initrd table upgrade is refused (drivers/acpi/tables.c: "ACPI:
#     kernel is locked down, ignoring table override");
#   - configfs cannot even be had: acpi_configfs.ko (Debian builds no
#     CONFIG_ACPI_CONFIGFS) is unsigned, and under Secure Boot the kernel
#     enforces module signatures before lockdown is asked: IMA's arch policy
#     (security/integrity/ima/ima_efi.c, CONFIG_IMA_ARCH_POLICY) calls
#     set_module_sig_enforced(), so kernel/module/signing.c says "Loading of
#     unsigned module is rejected" and insmod gets -EKEYREJECTED (not
#     lockdown=integrity's -EPERM); Debian's signed wmi.ko loads;
#   - efivar_ssdt= is not taken (drivers/firmware/efi/efi.c,
#     efivar_ssdt_setup()), even with the variable in the store;
#   - acpi_osi= still works (drivers/acpi/osi.c: "ACPI: Added _OSI(Linux)").
# wmishim doctor, load and efivar install say so in the guest.  Three boots:
#   1. the signed chain, wmishim.cpio (the test bench) before the initramfs,
#      acpi_osi=Linux; in the guest doctor, load, efivar install, insmod of
#      the unsigned acpi_configfs.ko (scenario configfs's build), and a
#      forced write of the WMTB variable (what efivar install would write);
#   2. the same store, efivar_ssdt=WMTB: the kernel leaves the variable;
#   3. a control: the kernel with its signature taken off (sbattach
#      --remove), which GRUB refuses through shim ("bad shim signature").
# Skipped, said why, only when a Debian package it needs is missing: ovmf,
# shim-signed, grub-efi-amd64-signed; without sbsigntool (sbverify,
# sbattach) only the signature checks and the control are.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)

# sb_skip DESC REASON: a test point skipped.
sb_skip() {
	skip_point "$1" "$2"
}

# sb_version PACKAGE: the version scripts/fetch-pkgs.sh unpacked in $pkgs
# ("" when it did not).
sb_version() { cat "$pkgs/$1/.version" 2>/dev/null; }

# sb_boot NAME: boots the ESP under Secure Boot with the variable store
# $vm/NAME.vars; as vmboot otherwise.
sb_boot() {
	sh "$here/boot.sh" -t 240 -e "$vm/$1.vars" -S -d "$sb_esp" - - "$vm/$1.log" >"$vm/$1.boot" 2>&1
	rc=$?
	accel_from "$vm/$1.boot"
	cat "$vm/$1.boot"
	return $rc
}

# sb_grubcfg LINE1 LINE2: GRUB's configuration (ESP/EFI/debian/grub.cfg),
# one entry of two lines (linux and initrd, or a script).
sb_grubcfg() {
	printf 'set timeout=0\nset default=0\nmenuentry %s {\n\t%s\n\t%s\n}\n' \
		"'Debian GNU/Linux'" "$1" "$2" >"$sb_esp/EFI/debian/grub.cfg"
}

# sb_signers FILE: the issuer and the signer of FILE's one signature, as
# sbverify --list names them: "ISSUER CN / SIGNER CN".
sb_signers() {
	sbverify --list "$1" 2>/dev/null | awk '
		/^signature / { sigs++ }
		/^ - \// { sub(/.*\/CN=/, ""); issuer = $0 }
		/^ - subject: / { sub(/.*\/CN=/, ""); signer = $0 }
		END { if (sigs == 1) print issuer " / " signer }'
}

scenario secureboot
# Debian's packages unpacked by scripts/fetch-pkgs.sh into $pkgs (lib.sh),
# never installed: shim-signed's maintainer scripts would run grub-install
# on this machine, and the signed GRUB is what grub-install puts on its ESP
# (scripts/deps.sh).
sb_code=${OVMF_CODE_SECBOOT:-$pkgs/ovmf/usr/share/OVMF/OVMF_CODE_4M.secboot.fd}
sb_template=${OVMF_VARS_SECBOOT:-$pkgs/ovmf/usr/share/OVMF/OVMF_VARS_4M.ms.fd}
sb_shim=${SHIM_SIGNED:-$pkgs/shim-signed/usr/lib/shim/shimx64.efi.signed}
sb_grub=${GRUB_SIGNED:-$pkgs/grub-efi-amd64-signed/usr/lib/grub/x86_64-efi-signed/grubx64.efi.signed}
desc="$s: OVMF's Secure Boot build and Microsoft-keyed store, shim-signed, grub-efi-amd64-signed are unpacked; shim and GRUB are EFI images"
if [ ! -r "$sb_code" ] || [ ! -r "$sb_template" ]; then
	sb_skip "$desc" "no $sb_code or $sb_template (Debian package ovmf, unpacked by scripts/fetch-pkgs.sh)"
elif [ ! -r "$sb_shim" ]; then
	sb_skip "$desc" "no $sb_shim (Debian package shim-signed, unpacked by scripts/fetch-pkgs.sh)"
elif [ ! -r "$sb_grub" ]; then
	sb_skip "$desc" "no $sb_grub (Debian package grub-efi-amd64-signed, unpacked by scripts/fetch-pkgs.sh)"
else
	# shellcheck disable=SC2016 # expanded by the inner shell
	t sh -c 'for f; do [ "$(head -c 2 "$f")" = MZ ] || exit 1; done' sh "$sb_shim" "$sb_grub"
	sb_bench=$overlays/wmi-testbench/overlay.aml
	"$tool" inspect --kernel "$kline" --sysfs "$sb_bench" >"$vm/$s.bench" 2>&1
	sb_nbench=$(grep -c . "$vm/$s.bench")
	sb_cmdline=$(sh "$here/boot.sh" -P)
	sb_guid=9a7bf7d2-5e46-4b4c-8e8a-7a2d8f1b3c01
	sb_esp=$vm/$s.esp
	rm -rf "$sb_esp" && mkdir -p "$sb_esp/EFI/BOOT" "$sb_esp/EFI/debian"
	cp "$sb_shim" "$sb_esp/EFI/BOOT/BOOTX64.EFI"
	cp "$sb_grub" "$sb_esp/EFI/BOOT/grubx64.efi"
	cp "$kernel" "$sb_esp/vmlinuz"

	if command -v sbverify >/dev/null 2>&1 && command -v sbattach >/dev/null 2>&1; then
		sb_sbsign=yes
		desc="$s: sbverify --list: shim (shim-signed $(sb_version shim-signed)) is signed under Microsoft Corporation UEFI CA 2011 (in OVMF's db)"
		t sh -c "sbverify --list '$sb_shim' 2>/dev/null | sed -n 's|^ - /.*/CN=||p' | grep -qx 'Microsoft Corporation UEFI CA 2011'"
		desc="$s: sbverify --list: GRUB (grub-efi-amd64-signed $(sb_version grub-efi-amd64-signed)): Debian Secure Boot CA / Debian Secure Boot Signer 2022 - grub2"
		t is "Debian Secure Boot CA / Debian Secure Boot Signer 2022 - grub2" "$(sb_signers "$sb_grub")"
		desc="$s: sbverify --list: vmlinuz-$version: Debian Secure Boot CA / Debian Secure Boot Signer 2022 - linux"
		t is "Debian Secure Boot CA / Debian Secure Boot Signer 2022 - linux" "$(sb_signers "$kernel")"
	else
		sb_sbsign=""
		sb_skip "$s: the signatures of shim, GRUB and the kernel" "no sbverify (Debian package sbsigntool)"
	fi

	# The guest: doctor and the refusals on the first boot, the variable
	# on the second.
	cat >"$vm/$s.hook" <<'HOOK'
sec=/sys/kernel/security
efi=/sys/firmware/efi/efivars
echo "CMDLINE $(cat /proc/cmdline)"
mount -t efivarfs none "$efi" && echo "EFI mount ok"
case $(cat /proc/cmdline) in
*efivar_ssdt=*)
	ls "$efi" | grep '^WMTB-' | sed 's/^/VAR: /'
	mount -t securityfs none "$sec" && echo "LOCKDOWN $(cat "$sec/lockdown")"
	;;
*)
	# Before securityfs is mounted doctor has the SecureBoot variable.
	sh /report DOCTOR0 /wmishim doctor
	mount -t securityfs none "$sec" && echo "LOCKDOWN $(cat "$sec/lockdown")"
	sh /report DOCTOR /wmishim doctor
	sh /report LOAD /wmishim load /wmtbench.aml
	sh /report EFIVAR /wmishim efivar install WMTB /wmtbench.aml
	ls "$efi" | grep '^WMTB-' | sed 's/^/VARNEW: /'
	[ ! -f /acpi_configfs.ko ] || sh /report INSMOD insmod /acpi_configfs.ko
	[ ! -d /sys/module/wmi ] || echo "MODULE wmi loaded"
	# Forced: what wmishim efivar install would write without its check
	# (the attributes, then the table, in one write).
	sh /report FORCED dd if=/wmtb.efivar of="$efi/WMTB-GUID" bs=65536
	ls "$efi" | grep '^WMTB-' | sed 's/^/VARFORCED: /'
	;;
esac
dmesg | grep -E 'Secure boot|locked down|Lockdown|Loading of|X\.509|_OSI|efivar|ACPI: SSDT|Table Upgrade|found in initrd' |
	sed 's/^/SBLOG: /'
HOOK
	sed -i "s/WMTB-GUID/WMTB-$sb_guid/" "$vm/$s.hook"
	{ printf '\007\000\000\000'; cat "$sb_bench"; } >"$vm/$s.efivar"
	configfs_module
	sb_cfsko=$vm/configfs.module/acpi_configfs.ko
	sb_extra=""
	[ ! -f "$sb_cfsko" ] || sb_extra="-f $sb_cfsko=/acpi_configfs.ko"
	sb_libs=$(guest_tool)
	desc="$s: the guest's initramfs is built as ESP/initrd.img (wmishim, wmi-testbench${sb_extra:+, acpi_configfs.ko})"
	# shellcheck disable=SC2086 # -f options, split on purpose
	t sh "$here/initramfs.sh" -l "wmi efivarfs configfs" -H "$vm/$s.hook" $sb_extra \
		-f "$sb_bench=/wmtbench.aml" -f "$vm/$s.efivar=/wmtb.efivar" $sb_libs \
		"$moddir" "$version" "$sb_esp/initrd.img"
	desc="$s: wmishim cpio writes ESP/wmishim.cpio (wmi-testbench: $sb_nbench WMI devices, wmishim inspect --sysfs)"
	t "$tool" cpio --against none "$sb_bench" -o "$sb_esp/wmishim.cpio"

	# --- boot 1: the signed chain, the test bench in the initrd ---
	sb_grubcfg "linux /vmlinuz $sb_cmdline acpi_osi=Linux" "initrd /wmishim.cpio /initrd.img"
	cp "$sb_template" "$vm/$s.vars"
	desc="$s: boot 1, Secure Boot: OVMF starts shim, shim GRUB, GRUB the kernel (initrd /wmishim.cpio /initrd.img); the guest boots to its end"
	t sb_boot "$s"
	booted "$s"
	sb_log=$vm/$s.log
	if [ -n "$stub_info" ]; then
		desc="$s:   GRUB (EFI/debian/grub.cfg) booted the entry; EFI stub: UEFI Secure Boot is enabled."
		t lines "$sb_log" "Booting \`Debian GNU/Linux'\$" '^EFI stub: UEFI Secure Boot is enabled\.$'
	else
		desc="$s:   GRUB (EFI/debian/grub.cfg) booted the entry"
		t lines "$sb_log" "Booting \`Debian GNU/Linux'\$"
	fi
	desc="$s:   the kernel's command line is the entry's: BOOT_IMAGE=/vmlinuz ... acpi_osi=Linux"
	t is "BOOT_IMAGE=/vmlinuz $sb_cmdline acpi_osi=Linux" "$(guest CMDLINE "$sb_log")"
	desc="$s:   dmesg: the db's Microsoft UEFI CA 2011 and shim's Debian Secure Boot CA (MokListRT) in the kernel's keyrings"
	t lines "$sb_log" "^SBLOG: .*integrity: Loaded X\\.509 cert 'Microsoft Corporation UEFI CA 2011: " \
		'^SBLOG: .*integrity: Loading X\.509 certificate: UEFI:MokListRT' \
		"^SBLOG: .*integrity: Loaded X\\.509 cert 'Debian Secure Boot CA: "
	desc="$s:   dmesg: secureboot: Secure boot enabled"
	t grep -q '^SBLOG: .*secureboot: Secure boot enabled$' "$sb_log"
	desc="$s:   dmesg: Kernel is locked down from EFI Secure Boot; see man kernel_lockdown.7"
	t grep -q '^SBLOG: .*Kernel is locked down from EFI Secure Boot; see man kernel_lockdown\.7$' "$sb_log"
	desc="$s:   /sys/kernel/security/lockdown: none [integrity] confidentiality"
	t is "none [integrity] confidentiality" "$(guest LOCKDOWN "$sb_log")"
	desc="$s:   dmesg: the kernel found the table in the initrd, then: ACPI: kernel is locked down, ignoring table override"
	t lines "$sb_log" '^SBLOG: .*ACPI: SSDT ACPI table found in initrd \[kernel/firmware/acpi/[^]]*\.aml\]' \
		'^SBLOG: .*Lockdown: swapper[^:]*: modifying ACPI tables is restricted' \
		'^SBLOG: .*ACPI: kernel is locked down, ignoring table override$'
	desc="$s:   no Table Upgrade line, no SSDT WMISHM WMTBENCH"
	t no grep -qE 'Table Upgrade|WMISHM WMTBENCH' "$sb_log"
	desc="$s:   no WMI device (the test bench's $sb_nbench not among them)"
	t sh -c "test '$sb_nbench' -gt 0 && ! grep -q '^WMIDEV ' '$sb_log'"
	desc="$s:   acpi_osi= still works: dmesg: ACPI: Added _OSI(Linux) (drivers/acpi/osi.c)"
	t grep -q '^SBLOG: .*ACPI: Added _OSI(Linux)$' "$sb_log"
	desc="$s:   wmishim doctor, securityfs not mounted: Secure Boot: on [blocks]; no load path (exit 1)"
	t lines "$sb_log" '^DOCTOR0-EXIT 1$' \
		'^DOCTOR0: lockdown: unknown \[unknown\] /sys/kernel/security/lockdown cannot be read; Secure Boot is on' \
		"^DOCTOR0: Secure Boot: on \\[blocks\\] Debian locks the kernel down under Secure Boot \\('Kernel is locked down from EFI Secure Boot'\\)" \
		'^DOCTOR0: load paths: initrd: no, configfs: no, EFI variable: no$'
	desc="$s:   wmishim doctor: lockdown: integrity [blocks], Secure Boot: on [blocks]; no load path (exit 1)"
	t lines "$sb_log" '^DOCTOR-EXIT 1$' '^DOCTOR: lockdown: integrity \[blocks\] the kernel ignores table overrides' \
		'^DOCTOR: Secure Boot: on \[blocks\] Debian locks the kernel down under Secure Boot \(see lockdown\)' \
		'^DOCTOR: load paths: initrd: no, configfs: no, EFI variable: no$'
	desc="$s:   wmishim load refuses up front: the kernel is locked down (exit 1)"
	t is "1 wmishim: the kernel is locked down (integrity): it refuses configfs loads (-EPERM); acpi_osi= on the command line still works (wmishim doctor)" \
		"$(guest LOAD-EXIT "$sb_log") $(guest LOAD: "$sb_log")"
	desc="$s:   wmishim efivar install WMTB refuses up front (exit 1) and writes no variable"
	t sh -c "grep -qx 'EFIVAR-EXIT 1' '$sb_log' &&
		grep -q '^EFIVAR: wmishim: the kernel is locked down (integrity): it refuses efivar_ssdt=' '$sb_log' &&
		! grep -q '^VARNEW: ' '$sb_log'"
	if [ -f "$sb_cfsko" ]; then
		desc="$s:   insmod acpi_configfs.ko (unsigned) is refused: Key was rejected by service; dmesg: Loading of unsigned module is rejected; Debian's signed wmi.ko loaded"
		t sh -c "grep -q '^INSMOD: .*Key was rejected by service' '$sb_log' && ! grep -q '^INSMOD-EXIT 0$' '$sb_log' &&
			grep -q '^SBLOG: .*Loading of unsigned module is rejected$' '$sb_log' &&
			grep -qx 'MODULE wmi loaded' '$sb_log' && ! grep -q '^MODPROBE-FAILED' '$sb_log'"
	else
		sb_skip "$s:   insmod of the unsigned acpi_configfs.ko" "no $sb_cfsko (wmishim-configfs-module could not build it)"
	fi
	desc="$s:   forced: the WMTB variable written through efivarfs (what efivar install would have written)"
	t sh -c "grep -qx 'FORCED-EXIT 0' '$sb_log' && grep -qx 'VARFORCED: WMTB-$sb_guid' '$sb_log'"

	# --- boot 2: efivar_ssdt=WMTB, the variable in the store ---
	sb_grubcfg "linux /vmlinuz $sb_cmdline efivar_ssdt=WMTB" "initrd /initrd.img"
	cp "$vm/$s.vars" "$vm/$s.efi.vars"
	desc="$s: boot 2, Secure Boot, efivar_ssdt=WMTB, boot 1's variable store: the guest boots to its end"
	t sb_boot "$s.efi"
	booted "$s.efi"
	sb_log=$vm/$s.efi.log
	desc="$s:   the variable is there: efivarfs lists WMTB-GUID; locked down from EFI Secure Boot"
	t lines "$sb_log" "^VAR: WMTB-$sb_guid\$" '^SBLOG: .*Kernel is locked down from EFI Secure Boot' \
		'^LOCKDOWN none \[integrity\] confidentiality$'
	desc="$s:   dmesg: Lockdown: swapper: modifying ACPI tables is restricted (efivar_ssdt=)"
	t grep -q '^SBLOG: .*Lockdown: swapper[^:]*: modifying ACPI tables is restricted' "$sb_log"
	desc="$s:   the kernel does not load it: no 'loading SSDT from variable', no SSDT WMISHM WMTBENCH, no WMI device"
	t no grep -qE 'loading SSDT from variable|WMISHM WMTBENCH|^WMIDEV ' "$sb_log"

	# --- boot 3: the control, an unsigned kernel ---
	if [ -n "$sb_sbsign" ]; then
		cp "$kernel" "$sb_esp/vmlinuz-unsigned"
		desc="$s: control: sbattach --remove takes the kernel's signature off (sbverify --list: none)"
		t sh -c "sbattach --remove '$sb_esp/vmlinuz-unsigned' && test -z \"\$(sbverify --list '$sb_esp/vmlinuz-unsigned' 2>/dev/null | grep subject:)\""
		# GRUB says whether linux took the kernel, then powers off.
		sb_grubcfg "if linux /vmlinuz-unsigned $sb_cmdline; then echo 'SBGRUB: linux took the unsigned kernel'; initrd /initrd.img; boot; else echo 'SBGRUB: linux refused the unsigned kernel'; fi" "halt"
		cp "$sb_template" "$vm/$s.unsigned.vars"
		sb_boot "$s.unsigned" >/dev/null
		booted "$s.unsigned"
		sb_log=$vm/$s.unsigned.log
		desc="$s: boot 3, Secure Boot, the unsigned kernel: GRUB refuses it through shim: error: bad shim signature."
		t lines "$sb_log" '^error: bad shim signature\.$' '^SBGRUB: linux refused the unsigned kernel'
		desc="$s:   the kernel never ran: no EFI stub line, no guest"
		t no grep -qE '^EFI stub:|^WMISHIM-VM-START$' "$sb_log"
	else
		sb_skip "$s: control: GRUB refuses the kernel without its signature" "no sbattach (Debian package sbsigntool)"
	fi
fi
