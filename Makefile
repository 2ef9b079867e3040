# wmishim: make WMI firmware work on Linux.
#
#   make            build the library and the wmishim tool (runs `make deps` first)
#   make check      unit, CLI and ACPICA tests, under ASan and UBSan
#   make demo       the main job on a bundled example
#   make deps       install the Debian packages the build needs (as root)
#   make install    honours PREFIX and DESTDIR; `make uninstall` undoes it
#   make clean      removes build/
#
# V=1 shows full commands.  ACPICA_SRC=DIR builds libacpica from another kernel
# tree's drivers/acpi/acpica instead of Debian's linux-source-6.1.

PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
DATADIR    ?= $(PREFIX)/lib/wmishim
DESTDIR    ?=
IASL       ?= iasl
AR         ?= ar
CFLAGS     ?= -O2 -g
B          := build
VERSION    := 0.1.0

# Where libacpica comes from: Debian's linux-source-6.1 tarball (only
# drivers/acpi/acpica and include/acpi are extracted), or ACPICA_SRC.
LINUX_SOURCE_TAR ?= /usr/src/linux-source-6.1.tar.xz
ifeq ($(ACPICA_SRC),)
ACPICA_DIR   := $(B)/acpica/drivers/acpi/acpica
ACPICA_INC   := $(B)/acpica/include
ACPICA_STAMP := $(B)/acpica/.extracted
else
ACPICA_DIR   := $(ACPICA_SRC)
ACPICA_INC   := $(ACPICA_SRC)/../../../include
ACPICA_STAMP := $(ACPICA_SRC)/acparser.h
endif

ifeq ($(V),1)
Q :=
else
Q := @
endif
quiet = $(if $(Q),@printf '  %-6s %s\n' '$(1)' '$(2)';)

WARN      := -Wall -Wextra -Werror
SANITIZE  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# The kernel's ACPICA in userspace (see ../shared facts, section 5):
# misaligned loads are deliberate unless ACPI_MISALIGNMENT_NOT_SUPPORTED.
ACPI_DEFS := -D_LINUX -D_GNU_SOURCE -DACPI_APPLICATION -DACPI_PCI_CONFIGURED \
             -DACPI_MISALIGNMENT_NOT_SUPPORTED
# -isystem: ACPICA's headers are not ours to hold to -Wextra.
ACPI_INCS := -Isrc/compat -isystem $(ACPICA_INC) -isystem $(ACPICA_INC)/acpi \
             -isystem $(ACPICA_DIR)

# Library sources: the codec needs nothing; the host needs ACPICA's headers.
LIB_SRCS  := src/log.c src/guid.c src/wdg.c src/bytes.c src/spec.c src/gen.c \
             src/tables.c src/drivers.c src/osi.c src/cpio.c src/system.c src/upgrade.c
HOST_SRCS := src/osl.c src/host.c src/hostns.c src/amlwalk.c src/patch.c src/wmi.c src/check.c
TOOL_SRCS := src/tool/main.c src/tool/decode.c src/tool/gen.c src/tool/out.c \
             src/tool/load.c src/tool/inspect.c src/tool/check.c src/tool/call.c \
             src/tool/patch.c src/tool/osifix.c src/tool/cpio.c src/tool/doctor.c \
             src/tool/enable.c src/tool/runtime.c src/tool/txn.c src/tool/boot.c

UNIT_TESTS := guid wdg bytes spec gen tables drivers cpio system upgrade header
ACPI_TESTS := smoke gen host wmi patch overlays limits

FIXTURES  := $(patsubst tests/fixtures/%.asl,$(B)/fixtures/%.aml,$(wildcard tests/fixtures/*.asl))
OVERLAYS  := $(patsubst overlays/%.asl,$(B)/overlays/%.aml,$(wildcard overlays/*/*.asl))

# Two variants of everything: plain (what is installed) and san (what is tested).
FLAGS_plain := $(CFLAGS)
FLAGS_san   := -O1 -g $(SANITIZE)

.PHONY: all check check-unit check-cli check-acpi check-asl check-overlays check-initramfs \
        check-enable check-boot check-runtime check-configfs-module check-generators check-vm demo deps \
        install uninstall clean lint bench overlays
.DEFAULT_GOAL := all

all: $(B)/wmishim

deps:
	$(Q)sh scripts/deps.sh

# --- libacpica -------------------------------------------------------------
$(B)/acpica/.extracted: | deps
	$(call quiet,TAR,$(LINUX_SOURCE_TAR))
	$(Q)test -r '$(LINUX_SOURCE_TAR)' || { echo 'wmishim: $(LINUX_SOURCE_TAR) not found: run "make deps" as root (Debian package linux-source-6.1), or set ACPICA_SRC=DIR' >&2; exit 1; }
	$(Q)rm -rf $(B)/acpica && mkdir -p $(B)/acpica
	$(Q)tar -xJf '$(LINUX_SOURCE_TAR)' -C $(B)/acpica --strip-components=1 \
		--wildcards '*/drivers/acpi/acpica' '*/include/acpi'
	$(Q)touch $@

# The file list is known only once the tree is there: a sub-make compiles it.
$(B)/%/libacpica.a: $(ACPICA_STAMP) src/acpica.mk
	$(Q)$(MAKE) --no-print-directory -f src/acpica.mk OUT=$(B)/$* \
		ACPICA_DIR='$(ACPICA_DIR)' CC='$(CC)' AR='$(AR)' Q='$(Q)' \
		FLAGS='$(FLAGS_$*) $(ACPI_DEFS) $(ACPI_INCS)'

# --- the GUID -> kernel driver table, from Debian's kernel source ---------------
# Generated at build time from the kernel's own wmi_device_id tables and
# MODULE_ALIAS("wmi:...") lines; never written by hand.
$(B)/gen/wmi-drivers.inc: src/gen-drivers.sh $(wildcard $(LINUX_SOURCE_TAR)) | deps
	@mkdir -p $(@D)
	$(call quiet,GEN,$@)
	$(Q)sh src/gen-drivers.sh '$(LINUX_SOURCE_TAR)' $(B)/gen/kernel >$@.tmp && mv $@.tmp $@

# --- our library and tool ---------------------------------------------------
define variant
$(B)/$(1)/drivers.o: $(B)/gen/wmi-drivers.inc
$(B)/$(1)/%.o: src/%.c src/wmishim.h src/wmishim-int.h src/host-int.h src/tool/tool.h | $(ACPICA_STAMP)
	@mkdir -p $$(@D)
	$$(call quiet,CC,$$@)
	$(Q)$$(CC) $(WARN) $$(FLAGS_$(1)) -std=gnu11 -Isrc -I$(B)/gen $(ACPI_DEFS) $(ACPI_INCS) \
		-DWMISHIM_VERSION='"$(VERSION)"' -DWMISHIM_DATADIR='"$(DATADIR)"' -c $$< -o $$@

$(B)/$(1)/libwmishim.a: $(patsubst src/%.c,$(B)/$(1)/%.o,$(LIB_SRCS) $(HOST_SRCS))
	$$(call quiet,AR,$$@)
	$(Q)rm -f $$@ && $$(AR) rcs $$@ $$^

$(B)/$(1)/wmishim: $(patsubst src/%.c,$(B)/$(1)/%.o,$(TOOL_SRCS)) $(B)/$(1)/libwmishim.a $(B)/$(1)/libacpica.a
	$$(call quiet,LINK,$$@)
	$(Q)$$(CC) $$(FLAGS_$(1)) -o $$@ $$(filter %.o,$$^) $(B)/$(1)/libwmishim.a $(B)/$(1)/libacpica.a -lm
endef
$(eval $(call variant,plain))
$(eval $(call variant,san))

$(B)/wmishim: $(B)/plain/wmishim
	$(Q)cp $< $@

# --- ASL fixtures: warnings are errors ------------------------------------------
$(B)/fixtures/%.aml: tests/fixtures/%.asl $(wildcard tests/fixtures/*.inc) | deps
	@mkdir -p $(@D)
	$(call quiet,IASL,$@)
	$(Q)$(IASL) -we -vi -p $(basename $@) $< >$(B)/fixtures/$*.log 2>&1 || { cat $(B)/fixtures/$*.log >&2; exit 1; }

# --- overlays: warnings are errors too; asl/ holds the shared includes -------
$(B)/overlays/%.aml: overlays/%.asl $(wildcard asl/*.asl) | deps
	@mkdir -p $(@D)
	$(call quiet,IASL,$@)
	$(Q)$(IASL) -we -vi -I asl -p $(basename $@) $< >$(basename $@).log 2>&1 || { cat $(basename $@).log >&2; exit 1; }

OVERLAY_CONFS := $(patsubst overlays/%,$(B)/overlays/%,$(wildcard overlays/*/enable.conf))
$(B)/overlays/%/enable.conf: overlays/%/enable.conf
	@mkdir -p $(@D)
	$(Q)cp $< $@

overlays: $(OVERLAYS) $(OVERLAY_CONFS)

# --- tests ------------------------------------------------------------------
$(B)/san/tests/test-%: tests/unit/test-%.c tests/unit/tap.h tests/unit/logcap.h $(B)/san/libwmishim.a
	@mkdir -p $(@D)
	$(call quiet,CC,$@)
	$(Q)$(CC) $(WARN) $(FLAGS_san) -std=gnu11 -Isrc -Itests/unit -o $@ $< $(B)/san/libwmishim.a

$(B)/san/tests/acpi-%: tests/acpi/test-%.c tests/unit/tap.h tests/acpi/files.h $(B)/san/libwmishim.a $(B)/san/libacpica.a
	@mkdir -p $(@D)
	$(call quiet,CC,$@)
	$(Q)$(CC) $(WARN) $(FLAGS_san) -std=gnu11 -Isrc -Itests/unit -o $@ $< $(B)/san/libwmishim.a $(B)/san/libacpica.a

# The public header must stand alone in strict C99.
$(B)/san/tests/test-header: src/wmishim.h tests/unit/test-header.c tests/unit/tap.h
	@mkdir -p $(@D)
	$(call quiet,CC,$@)
	$(Q)$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c src/wmishim.h
	$(Q)$(CC) -std=c99 -pedantic $(WARN) -Isrc -Itests/unit -o $@ tests/unit/test-header.c

check: all check-unit check-cli check-acpi check-asl check-overlays check-initramfs check-enable \
       check-boot check-runtime check-configfs-module check-generators check-vm lint

check-unit: $(addprefix $(B)/san/tests/test-,$(UNIT_TESTS)) | deps
	$(Q)sh tests/run-tap.sh $^

check-cli: $(B)/san/wmishim $(FIXTURES) $(OVERLAYS) $(B)/fixtures/bad-checksum.aml $(B)/fixtures/corrupt.aml \
		$(B)/fixtures/eeepc-rev2.aml $(B)/fakeroot/.made | deps
	$(Q)rm -rf $(B)/cli-out && mkdir -p $(B)/cli-out
	$(Q)sh tests/cli/run.sh $(B)/san/wmishim

check-acpi: $(addprefix $(B)/san/tests/acpi-,$(ACPI_TESTS)) $(FIXTURES) $(OVERLAYS) $(B)/san/wmishim | deps
	$(Q)WMISHIM=$(B)/san/wmishim FIXTURES=$(B)/fixtures OVERLAYS=$(B)/overlays IASL='$(IASL)' \
		sh tests/run-tap.sh $(addprefix $(B)/san/tests/acpi-,$(ACPI_TESTS))

check-asl: $(FIXTURES) $(OVERLAYS)

# The initramfs-tools hook, run with a stand-in hook-functions.
check-initramfs: $(B)/san/wmishim $(FIXTURES) | deps
	$(Q)sh tests/initramfs.sh $(B)/san/wmishim $(B)/fixtures

# enable, disable and status on fake roots, failures injected.
check-enable: $(B)/san/wmishim $(FIXTURES) $(OVERLAYS) $(OVERLAY_CONFS) $(B)/fakeroot/.made | deps
	$(Q)sh tests/enable.sh $(B)/san/wmishim $(B)/fakeroot $(B)/overlays $(B)/fixtures

# boot grub|entries|efistub on fake roots, failures injected; Debian's
# own GRUB 10_linux on the result (as root).
check-boot: $(B)/san/wmishim $(OVERLAYS) $(OVERLAY_CONFS) $(B)/fakeroot/.made | deps
	$(Q)sh tests/boot.sh $(B)/san/wmishim $(B)/fakeroot $(B)/overlays

# load, unload, loaded and efivar on fake roots.
check-runtime: $(B)/san/wmishim $(FIXTURES) $(OVERLAYS) $(B)/fixtures/bad-checksum.aml $(B)/fakeroot/.made | deps
	$(Q)sh tests/runtime.sh $(B)/san/wmishim $(B)/fakeroot $(B)/fakeroot-locked $(B)/fixtures $(B)/overlays

# wmishim-configfs-module's decisions against fake header trees.
check-configfs-module: | deps
	$(Q)sh tests/configfs-module.sh scripts/configfs-module.sh

# The real mkinitramfs and dracut, for Debian's kernel unpacked in build/vm.
# Exit 77 (a skip, said why) only when a prerequisite is missing.
check-generators: $(B)/wmishim $(FIXTURES) | deps
	$(Q)sh tests/generators.sh $(B)/wmishim $(B)/fixtures $(B); rc=$$?; \
		[ $$rc -eq 0 ] || [ $$rc -eq 77 ]

# QEMU boots Debian's own kernel (tests/vm/kernel.sh fetches it into
# build/vm, never installs it) with our tables; the guest's
# /sys/bus/wmi/devices must equal `wmishim inspect --sysfs`.
# Exit 77 (a skip, said why) only when the kernel or QEMU cannot be had.
check-vm: $(B)/san/wmishim $(B)/wmishim $(FIXTURES) $(OVERLAYS) $(B)/fixtures/bad-checksum.aml | deps
	$(Q)sh tests/vm/run.sh $(B)/san/wmishim $(B); rc=$$?; \
		[ $$rc -eq 0 ] || [ $$rc -eq 77 ]

# The generated overlays are what their specs generate, to the byte.
check-overlays: $(B)/san/wmishim $(OVERLAYS) | deps
	$(Q)sh tests/check-overlays.sh $(B)/san/wmishim

# Fake roots for --root tests: a Debian 12 machine (its firmware tables,
# kernel facts and initramfs-tools), and one whose kernel is locked down.
$(B)/fakeroot/.made: $(B)/fixtures/eeepc-1201nl.aml $(B)/fixtures/smoke.aml $(B)/fixtures/call-string.aml
	$(call quiet,GEN,$(B)/fakeroot)
	$(Q)r=$(B)/fakeroot && t=$$r/sys/firmware/acpi/tables && rm -rf $$r && \
		mkdir -p $$t/dynamic $$r/proc/sys/kernel $$r/sys/kernel/security $$r/boot \
			$$r/usr/sbin $$r/sys/firmware/efi/efivars && \
		cp $(B)/fixtures/eeepc-1201nl.aml $$t/DSDT && \
		cp $(B)/fixtures/smoke.aml $$t/SSDT1 && cp $(B)/fixtures/call-string.aml $$t/dynamic/SSDT2 && \
		printf 'FACP' >$$t/FACP && \
		echo 6.1.0-99-amd64 >$$r/proc/sys/kernel/osrelease && \
		echo 'BOOT_IMAGE=/vmlinuz-6.1.0-99-amd64 root=/dev/sda1 ro quiet' >$$r/proc/cmdline && \
		echo '[none] integrity confidentiality' >$$r/sys/kernel/security/lockdown && \
		printf '\007\000\000\000\000' >$$r/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c && \
		printf 'CONFIG_ACPI_TABLE_UPGRADE=y\n# CONFIG_ACPI_CONFIGFS is not set\nCONFIG_EFI_CUSTOM_SSDT_OVERLAYS=y\n' \
			>$$r/boot/config-6.1.0-99-amd64 && \
		touch $$r/usr/sbin/update-initramfs && \
		l=$(B)/fakeroot-locked && rm -rf $$l && cp -a $$r $$l && \
		echo 'none [integrity] confidentiality' >$$l/sys/kernel/security/lockdown && \
		printf '\007\000\000\000\001' >$$l/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c && \
		touch $@

# A corrupt table that ACPICA's parser crashes on (see the fixture).
$(B)/fixtures/corrupt.aml: $(B)/fixtures/corrupt-base.aml tests/poke-aml.sh
	$(call quiet,GEN,$@)
	$(Q)sh tests/poke-aml.sh $< $@ 105 14 06

# The Eee PC DSDT with a higher OEM revision (byte 24): an initrd override.
$(B)/fixtures/eeepc-rev2.aml: $(B)/fixtures/eeepc-1201nl.aml tests/poke-aml.sh
	$(call quiet,GEN,$@)
	$(Q)sh tests/poke-aml.sh $< $@ 24 01 02

# A table whose checksum is wrong (byte 9 of the header is the checksum).
$(B)/fixtures/bad-checksum.aml: $(B)/fixtures/smoke.aml
	$(call quiet,GEN,$@)
	$(Q)cp $< $@.tmp && printf '\125' | dd of=$@.tmp bs=1 seek=9 conv=notrunc status=none && mv $@.tmp $@

lint: | deps
	$(call quiet,LINT,shell scripts)
	$(Q)shellcheck -x -s sh scripts/*.sh src/*.sh tests/*.sh tests/cli/*.sh .ci/run \
		initramfs/initramfs-tools/wmishim tests/vm/*.sh

# Speed, in the plain (installed) build: per set of tables, what one
# `wmishim check` costs.  BENCH_INPUTS adds sets; "live" is this machine's.
BENCH_INPUTS ?= $(wildcard /sys/firmware/acpi/tables/DSDT)
$(B)/plain/bench: tests/bench/bench.c $(B)/plain/libwmishim.a $(B)/plain/libacpica.a
	$(call quiet,CC,$@)
	$(Q)$(CC) $(WARN) $(FLAGS_plain) -std=gnu11 -Isrc -o $@ $< $(B)/plain/libwmishim.a $(B)/plain/libacpica.a

bench: $(B)/plain/bench $(FIXTURES) | deps
	$(Q)$(B)/plain/bench -n $${ROUNDS:-200} tests/unit/data/tables/sample.dump \
		$(B)/fixtures/eeepc-1201nl.aml $(B)/fixtures/smoke.aml \
		$(if $(BENCH_INPUTS),live)

demo: $(B)/wmishim $(FIXTURES) $(OVERLAYS) | deps
	$(Q)sh scripts/demo.sh $(B)/wmishim $(B)/fixtures $(B)/overlays

# --- install ------------------------------------------------------------------
# The initramfs-tools hook runs with initramfs-tools' own PATH: it is told
# where the binary is.  With no table enabled it does nothing, so installing
# it changes no initramfs.
INITRAMFS_HOOKS ?= /usr/share/initramfs-tools/hooks

install: $(B)/wmishim $(OVERLAYS) $(OVERLAY_CONFS)
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(MANDIR)/man1' '$(DESTDIR)$(INITRAMFS_HOOKS)'
	install -m 0755 $(B)/wmishim '$(DESTDIR)$(BINDIR)/wmishim'
	install -m 0755 scripts/configfs-module.sh '$(DESTDIR)$(BINDIR)/wmishim-configfs-module'
	install -m 0644 src/tool/wmishim.1 '$(DESTDIR)$(MANDIR)/man1/wmishim.1'
	sed 's|^wmishim=.*|wmishim=$${WMISHIM:-$(BINDIR)/wmishim}|' initramfs/initramfs-tools/wmishim \
		>'$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim.tmp'
	chmod 0755 '$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim.tmp'
	mv '$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim.tmp' '$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim'
	for o in $(patsubst overlays/%/,%,$(wildcard overlays/*/)); do \
		install -d "$(DESTDIR)$(DATADIR)/overlays/$$o" && \
		install -m 0644 overlays/$$o/README.md overlays/$$o/enable.conf $(B)/overlays/$$o/*.aml \
			"$(DESTDIR)$(DATADIR)/overlays/$$o/" || exit 1; \
	done
	install -d '$(DESTDIR)$(DATADIR)/initramfs'
	install -m 0644 initramfs/dracut/50-wmishim.conf initramfs/mkinitcpio/README.md \
		'$(DESTDIR)$(DATADIR)/initramfs/'

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/wmishim' '$(DESTDIR)$(BINDIR)/wmishim-configfs-module' \
		'$(DESTDIR)$(MANDIR)/man1/wmishim.1' \
		'$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim'
	rm -rf '$(DESTDIR)$(DATADIR)'

clean:
	rm -rf $(B)
