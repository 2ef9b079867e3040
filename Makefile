# wmishim: make WMI firmware work on Linux.
#
#   make            build the library and the wmishim tool; installs nothing (a
#                   missing Debian package is named, with its apt-get command)
#   make check      every suite (unit, CLI and ACPICA tests under ASan and UBSan,
#                   ...), then their total: "N passed, N failed, N skipped"
#   make demo       the README's path on a bundled example (inspect, check,
#                   fix, check again; tests/demo.sh holds it in make check)
#   make fixtures   the test firmware the documentation's examples use, in
#                   build/fixtures (make demo and make check make it too)
#   make deps       install the Debian packages the build and tests need (as
#                   root; make check and make demo run it): only packages that
#                   cannot touch this machine's boot (scripts/deps.sh)
#   make install    honours PREFIX and DESTDIR; `make uninstall` undoes it
#   make deb        the Debian packages (debian/), in build/deb; make check-deb
#                   lints them and installs them in a Debian 12 chroot
#   make clean      removes build/
#
# V=1 shows full commands.  ACPICA_SRC=TARBALL builds libacpica from another
# kernel source tarball (/usr/src/linux-source-6.1.tar.xz: Debian 12's), or
# ACPICA_SRC=DIR from a kernel tree's drivers/acpi/acpica, instead of the
# newest kernel's (Debian 13's linux-source-7.3, fetched into $(B)/kernels).

PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
DATADIR    ?= $(PREFIX)/lib/wmishim
DESTDIR    ?=
IASL       ?= iasl
AR         ?= ar
OBJCOPY    ?= objcopy
CFLAGS     ?= -O2 -g
B          := build
VERSION    := 0.1.0

# Where libacpica comes from: the newest kernel's copy of ACPICA that builds
# in userspace with our OS layer, Debian 13's linux-source-$(ACPICA_LINE) (ACPICA
# 20260408), which scripts/kernels.sh fetches into $(B)/kernels (never
# installed); or ACPICA_SRC: a kernel source tarball, or a kernel tree's
# drivers/acpi/acpica.  From a tarball only drivers/acpi/acpica, include/acpi,
# drivers/acpi/{tables,osi}.c and the top Makefile are extracted, into
# $(B)/acpica (src/acpica-src.sh).  One ACPICA per build directory: another
# one needs another B= (or make clean), and make says so.
ACPICA_LINE := 7.3
ifneq ($(wildcard $(ACPICA_SRC)/acparser.h),)
ACPICA_DIR   := $(ACPICA_SRC)
ACPICA_INC   := $(ACPICA_SRC)/../../../include
ACPICA_STAMP := $(ACPICA_SRC)/acparser.h
ACPICA_TREE  := $(ACPICA_SRC)/../../..
else
ACPICA_DIR   := $(B)/acpica/drivers/acpi/acpica
ACPICA_INC   := $(B)/acpica/include
ACPICA_STAMP := $(B)/acpica/.extracted
ACPICA_TREE  := $(B)/acpica
endif
ACPICA_WANT  := $(if $(ACPICA_SRC),$(abspath $(ACPICA_SRC)),linux-source-$(ACPICA_LINE))
ifeq ($(filter clean,$(MAKECMDGOALS)),)
ifneq ($(wildcard $(B)/.acpica-src),)
ifneq ($(shell cat '$(B)/.acpica-src'),$(ACPICA_WANT))
$(error $(B) holds libacpica from $(shell cat '$(B)/.acpica-src'), not $(ACPICA_WANT): build another ACPICA with another B= (or make clean first))
endif
endif
endif

ifeq ($(V),1)
Q :=
else
Q := @
endif
quiet = $(if $(Q),@printf '  %-6s %s\n' '$(1)' '$(2)';)

WARN      := -Wall -Wextra -Werror
SANITIZE  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# The kernel's ACPICA in userspace: its byte moves make misaligned loads
# unless ACPI_MISALIGNMENT_NOT_SUPPORTED (include/acpi/actypes.h, the
# ACPI_MOVE_* macros), which UBSan reports.
# ACPI_OFFSET is offsetof, as in the kernel (include/acpi/platform/aclinux.h);
# actypes.h's fallback, &((T *)0)->f, is a null member access to clang's UBSan.
ACPI_DEFS := -D_LINUX -D_GNU_SOURCE -DACPI_APPLICATION -DACPI_PCI_CONFIGURED \
             -DACPI_MISALIGNMENT_NOT_SUPPORTED -DACPI_OFFSET=__builtin_offsetof
# -isystem: ACPICA's headers are not ours to hold to -Wextra.
ACPI_INCS := -Isrc/compat -isystem $(ACPICA_INC) -isystem $(ACPICA_INC)/acpi \
             -isystem $(ACPICA_DIR)

# Library sources: the codec needs nothing; the host needs ACPICA's headers.
LIB_SRCS  := src/log.c src/guid.c src/wdg.c src/bytes.c src/spec.c src/gen.c \
             src/tables.c src/drivers.c src/osi.c src/cpio.c src/system.c src/upgrade.c \
             src/kernel.c src/buf.c src/mof.c src/mof-parse.c src/mof-text.c src/mof-layout.c src/try.c \
             src/rootpath.c src/aml.c src/codes.c src/sha256.c src/osidmi.c
HOST_SRCS := src/osl.c src/osl-regions.c src/host.c src/hostns.c src/amlwalk.c src/patch.c \
             src/wmi.c src/check.c src/hidden.c src/behave.c src/enumwalk.c \
             src/snapshot.c
# report (src/tool/report/): its reader, summary and printers (REPORT_SUM_SRCS,
# which the fuzz target compiles in too), and the command, its machines and --try's boots.
REPORT_SUM_SRCS := src/tool/report/json.c src/tool/report/sum.c src/tool/report/sum-print.c \
                   src/tool/report/text.c src/tool/report/farm.c src/tool/report/farm-sum.c \
                   src/tool/report/farm-cmp.c src/tool/report/farm-json.c
REPORT_SRCS := src/tool/report/cmd.c src/tool/report/machines.c src/tool/report/run.c \
               src/tool/report/boots.c src/tool/report/boots-kernel.c src/tool/report/boots-line.c \
               src/tool/report/boots-pin.c src/tool/report/kernels.c \
               $(REPORT_SUM_SRCS)
TOOL_SRCS := src/tool/main.c src/tool/opts.c src/tool/decode.c src/tool/gen.c src/tool/out.c \
             src/tool/load.c src/tool/load-osi.c src/tool/inspect.c src/tool/check.c src/tool/fix.c src/tool/fix-plan.c src/tool/fix-write.c src/tool/fix-diff.c src/tool/call.c src/tool/call-mof.c \
             src/tool/patch.c src/tool/osifix.c src/tool/cpio.c src/tool/doctor.c src/tool/kernel.c \
             src/tool/enable.c src/tool/enable-firmware.c src/tool/enable-steps.c src/tool/enable-gen.c src/tool/record.c src/tool/runtime.c src/tool/txn.c src/tool/boot.c src/tool/boot-efistub.c src/tool/entries.c \
             src/tool/guard.c src/tool/mof.c $(REPORT_SRCS) src/tool/try.c \
             src/tool/try-tables.c src/tool/try-boot.c src/tool/try-report.c \
             src/tool/try-verdict.c
# The guard (src/tool/guard.c) sees every allocation of the tool's code and
# ACPICA's through these wrappers, to hold them to its memory limit.
TOOL_LDFLAGS := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
# report's reader of its JSON lines (src/tool/report/json.c): json-c
# (libjson-c-dev, scripts/deps.sh's BUILD).
TOOL_LIBS := -ljson-c

UNIT_TESTS := guid wdg bytes sha256 spec gen tables tables-live drivers cpio system upgrade header buf kernel mof mof-hostile mof-layout try boot osidmi
ACPI_TESTS := smoke gen host wmi patch overlays limits kdata amlwalk hidden

FIXTURES  := $(patsubst tests/fixtures/%.asl,$(B)/fixtures/%.aml,$(wildcard tests/fixtures/*.asl))
# The manual pages: wmishim.1, and wmishim-NAME.1 for each command (tests/man.sh).
MANPAGES  := $(wildcard man/*.1)
OVERLAYS  := $(patsubst overlays/%.asl,$(B)/overlays/%.aml,$(wildcard overlays/*/*.asl))

# Two variants of everything: plain (what is installed) and san (what is tested).
FLAGS_plain := $(CFLAGS)
FLAGS_san   := -O1 -g $(SANITIZE)

.PHONY: all check check-unit check-cli check-report check-farm check-docs check-man check-acpi check-asl check-overlays check-initramfs \
        check-enable check-fix check-demo check-boot check-runtime check-configfs-module check-generators check-vm \
        check-vm-newest check-vm-older demo deps \
        check-symbols install uninstall clean lint bench overlays fixtures build-deps check-deps check-kdata check-runners demo-run fuzz fuzz-build check-fuzz
.DEFAULT_GOAL := all

# The build tree is a data directory too (src/tool/out.c, tool_data_dir):
# build/wmishim finds the overlays and try's helpers beside it, as the
# installed one finds them in DATADIR.
all: $(B)/wmishim overlays $(B)/try-guest.sh $(B)/kernels.sh

$(B)/try-guest.sh: src/try-guest.sh
	@mkdir -p $(@D)
	$(Q)cp $< $@
$(B)/kernels.sh: scripts/kernels.sh
	@mkdir -p $(@D)
	$(Q)cp $< $@

deps:
	$(Q)sh scripts/deps.sh

# What make and make install need: checked, never installed.
build-deps:
	$(Q)sh scripts/deps.sh --check

# --- libacpica -------------------------------------------------------------
$(B)/acpica/.extracted: src/acpica-src.sh $(wildcard $(ACPICA_SRC)) | build-deps
	$(call quiet,TAR,$(or $(ACPICA_SRC),linux-source-$(ACPICA_LINE)))
	$(Q)rm -rf $(foreach v,plain san fuzz,$(B)/$(v)/acpica $(B)/$(v)/libacpica.a)
	$(Q)sh src/acpica-src.sh extract $(B)/acpica $(B)/kernels $(ACPICA_LINE) '$(ACPICA_SRC)'
	$(Q)echo '$(ACPICA_WANT)' >$(B)/.acpica-src
	$(Q)touch $@

# What --version says of it: "Linux 7.3.4's source, linux-source-7.3.tar.xz".
$(B)/gen/acpica-source.h: $(ACPICA_STAMP) src/acpica-src.sh
	@mkdir -p $(@D)
	$(Q)sh src/acpica-src.sh header '$(ACPICA_TREE)' >$@.tmp && mv $@.tmp $@

# The file list is known only once the tree is there: a sub-make compiles it.
$(B)/%/libacpica.a: $(ACPICA_STAMP) src/acpica.mk
	$(Q)mkdir -p $(B) && echo '$(ACPICA_WANT)' >$(B)/.acpica-src
	$(Q)$(MAKE) --no-print-directory -f src/acpica.mk OUT=$(B)/$* \
		ACPICA_DIR='$(ACPICA_DIR)' CC='$(CC)' AR='$(AR)' Q='$(Q)' \
		FLAGS='$(FLAGS_$*) $(ACPI_DEFS) $(ACPI_INCS)'

# --- what Debian's package of each whole line holds ------------------------------
# src/debian-kernels.txt (which module binds which WMI GUID, what kind of
# WMI driver it is and what its struct wmi_driver sets, the build options,
# the _OSI strings and initrd signatures of the lines with a source) is
# made by scripts/kernel-data.sh from the packages (make kernel-data, with
# the network) and kept in the tree, as hwdata keeps pci.ids: the build
# turns it into C (src/gen-kernels.sh) and fetches nothing; check-kdata
# makes it again from the packages and compares.
$(B)/gen/wmi-drivers.inc: src/gen-kernels.sh src/debian-kernels.txt
	@mkdir -p $(@D)
	$(call quiet,GEN,$@)
	$(Q)sh src/gen-kernels.sh src/debian-kernels.txt >$@.tmp && mv $@.tmp $@

# The data file made again from Debian's packages (scripts/kernels.sh
# fetches them into $(B)/kernels, never installs them).
.PHONY: kernel-data
kernel-data: | build-deps
	$(Q)sh scripts/kernel-data.sh $(B)/kernels >$(B)/debian-kernels.txt.tmp && \
		mv $(B)/debian-kernels.txt.tmp src/debian-kernels.txt

# --- the kernel's own data, from the source the linked ACPICA comes from --------
# The initrd table limit and signatures (drivers/acpi/tables.c) and the _OSI
# strings Linux answers true (drivers/acpi/acpica/utosi.c, drivers/acpi/osi.c),
# never copied by hand; check-kdata holds wmishim's behaviour to the source.
$(B)/gen/kernel-data.h: src/gen-kdata.sh $(ACPICA_STAMP) | build-deps
	@mkdir -p $(@D)
	$(call quiet,GEN,$@)
	$(Q)sh src/gen-kdata.sh '$(ACPICA_DIR)' '$(ACPICA_INC)' >$@.tmp && mv $@.tmp $@

# --- our library and tool ---------------------------------------------------
define variant
$(B)/$(1)/drivers.o $(B)/$(1)/kernel.o $(B)/$(1)/osidmi.o: $(B)/gen/wmi-drivers.inc
$(B)/$(1)/host.o $(B)/$(1)/upgrade.o $(B)/$(1)/tool/cpio.o: $(B)/gen/kernel-data.h
$(B)/$(1)/tool/main.o: $(B)/gen/acpica-source.h
$(B)/$(1)/mof.o $(B)/$(1)/mof-parse.o $(B)/$(1)/mof-text.o $(B)/$(1)/mof-layout.o: src/mof-int.h
$(B)/$(1)/%.o: src/%.c src/wmishim.h src/wmishim-mof.h src/wmishim-int.h src/host-int.h src/tool/tool.h $(ACPICA_STAMP)
	@mkdir -p $$(@D)
	$$(call quiet,CC,$$@)
	$(Q)$$(CC) $(WARN) $$(FLAGS_$(1)) $$(LIB_FLAGS) -std=gnu11 -Isrc -I$(B)/gen $(ACPI_DEFS) $(ACPI_INCS) \
		-DWMISHIM_VERSION='"$(VERSION)"' -DWMISHIM_DATADIR='"$(DATADIR)"' -MMD -MP -c $$< -o $$@

# The library's objects: their names hidden but what wmishim.h declares (the
# tool's are not: the sanitizers look up its hooks by name, src/tool/guard.c).
$(patsubst src/%.c,$(B)/$(1)/%.o,$(LIB_SRCS) $(HOST_SRCS)): LIB_FLAGS := -fvisibility=hidden

# The objects as they are, for the tests that call internal functions.
$(B)/$(1)/libwmishim-internal.a: $(patsubst src/%.c,$(B)/$(1)/%.o,$(LIB_SRCS) $(HOST_SRCS))
	$$(call quiet,AR,$$@)
	$(Q)rm -f $$@ && $$(AR) rcs $$@ $$^

# The library's edge: libwmishim.a is one object, the library's objects and
# the ACPICA they use linked together (ld -r), in which every hidden name is
# made local: all but what wmishim.h declares (ACPICA's are hidden too,
# src/acpica.mk).  The OS layer (acpi_os_*) and ACPICA reach each other only;
# check-symbols holds the archive to the header.
$(B)/$(1)/libwmishim.o: $(patsubst src/%.c,$(B)/$(1)/%.o,$(LIB_SRCS) $(HOST_SRCS)) $(B)/$(1)/libacpica.a
	$$(call quiet,LD,$$@)
	$(Q)$(LD) -r -o $$@.tmp $$^ && $(OBJCOPY) --localize-hidden $$@.tmp $$@ && rm -f $$@.tmp

$(B)/$(1)/libwmishim.a: $(B)/$(1)/libwmishim.o
	$$(call quiet,AR,$$@)
	$(Q)rm -f $$@ && $$(AR) rcs $$@ $$^

$(B)/$(1)/wmishim: $(patsubst src/%.c,$(B)/$(1)/%.o,$(TOOL_SRCS)) $(B)/$(1)/libwmishim.a
	$$(call quiet,LINK,$$@)
	$(Q)$$(CC) $$(FLAGS_$(1)) $(TOOL_LDFLAGS) -o $$@ $$(filter %.o,$$^) $(B)/$(1)/libwmishim.a $(TOOL_LIBS) -lm
endef
$(eval $(call variant,plain))
$(eval $(call variant,san))
# Each object's headers as the compiler found them (-MMD): an object whose
# header changed (src/tool/fix.h, try.h, ...) is made again.
-include $(wildcard $(B)/plain/*.d $(B)/plain/tool/*.d $(B)/plain/tool/report/*.d \
	$(B)/san/*.d $(B)/san/tool/*.d $(B)/san/tool/report/*.d)

$(B)/wmishim: $(B)/plain/wmishim
	$(Q)cp $< $@

# --- ASL fixtures: warnings are errors ------------------------------------------
$(B)/fixtures/%.aml: tests/fixtures/%.asl $(wildcard tests/fixtures/*.inc) | build-deps
	@mkdir -p $(@D)
	$(call quiet,IASL,$@)
	$(Q)$(IASL) -we -vi -p $(basename $@) $< >$(B)/fixtures/$*.log 2>&1 || { cat $(B)/fixtures/$*.log >&2; exit 1; }

# --- overlays: warnings are errors too; asl/ holds the shared includes -------
$(B)/overlays/%.aml: overlays/%.asl $(wildcard asl/*.asl) | build-deps
	@mkdir -p $(@D)
	$(call quiet,IASL,$@)
	$(Q)$(IASL) -we -vi -I asl -p $(basename $@) $< >$(basename $@).log 2>&1 || { cat $(basename $@).log >&2; exit 1; }

OVERLAY_CONFS := $(patsubst overlays/%,$(B)/overlays/%,$(wildcard overlays/*/enable.conf))
$(B)/overlays/%/enable.conf: overlays/%/enable.conf
	@mkdir -p $(@D)
	$(Q)cp $< $@

overlays: $(OVERLAYS) $(OVERLAY_CONFS)

# The test firmware (tests/fixtures/*.asl), which README.md and docs/ show
# the commands on: build/fixtures/eeepc-1201nl.aml and the others.
fixtures: $(FIXTURES)

# --- tests ------------------------------------------------------------------
$(B)/san/tests/test-%: tests/unit/test-%.c tests/unit/tap.h tests/unit/logcap.h $(B)/san/libwmishim-internal.a
	@mkdir -p $(@D)
	$(call quiet,CC,$@)
	$(Q)$(CC) $(WARN) $(FLAGS_san) -std=gnu11 -Isrc -Itests/unit -o $@ $< $(B)/san/libwmishim-internal.a

# The Binary MOF tests' encoder and classes (tests/unit/mof-enc.h, mof-fixture.h).
$(B)/san/tests/test-mof $(B)/san/tests/test-mof-hostile $(B)/san/tests/test-mof-layout: tests/unit/mof-enc.h tests/unit/mof-fixture.h tests/unit/mof-blobs.h
# test-try compiles the tool's try code in (with out.c).
TRY_TOOL_SRCS := src/tool/try.c src/tool/try-boot.c src/tool/try-report.c src/tool/try-verdict.c src/tool/try.h \
                 src/tool/out.c src/tool/tool.h
$(B)/san/tests/test-try: $(TRY_TOOL_SRCS)
# The tables the table tests build (tests/unit/tables-build.h).
$(B)/san/tests/test-tables $(B)/san/tests/test-tables-live: tests/unit/tables-build.h
# test-boot compiles the tool's boot code in (boot.c, boot-efistub.c, with out.c and txn.c).
$(B)/san/tests/test-boot: src/tool/boot.c src/tool/boot-efistub.c src/tool/boot.h src/tool/out.c src/tool/txn.c src/tool/tool.h

# The Binary MOF test blobs (tests/cli/data/mof-*) and tests/fixtures/mof.asl,
# made again from those classes: check-unit fails while they differ.
.PHONY: mof-fixtures
mof-fixtures: $(B)/san/tests/test-mof
	$(Q)$< --write .

$(B)/san/tests/acpi-%: tests/acpi/test-%.c tests/unit/tap.h tests/acpi/files.h $(B)/san/libwmishim-internal.a $(B)/san/libacpica.a
	@mkdir -p $(@D)
	$(call quiet,CC,$@)
	$(Q)$(CC) $(WARN) $(FLAGS_san) -std=gnu11 -Isrc -Itests/unit -o $@ $< $(B)/san/libwmishim-internal.a $(B)/san/libacpica.a

# The kernel data of kernel-data.h against the linked ACPICA, and the AML
# walker: the tests read ACPICA's own globals.
$(B)/san/tests/acpi-kdata $(B)/san/tests/acpi-amlwalk: $(B)/san/tests/acpi-%: tests/acpi/test-%.c tests/unit/tap.h $(B)/gen/kernel-data.h $(B)/gen/acpica-source.h \
		$(B)/san/libwmishim-internal.a $(B)/san/libacpica.a
	@mkdir -p $(@D)
	$(call quiet,CC,$@)
	$(Q)$(CC) $(WARN) $(FLAGS_san) -std=gnu11 -Isrc -Itests/unit -I$(B)/gen $(ACPI_DEFS) $(ACPI_INCS) \
		-o $@ $< $(B)/san/libwmishim-internal.a $(B)/san/libacpica.a

# The public header must stand alone in strict C99.
$(B)/san/tests/test-header: src/wmishim.h src/wmishim-mof.h tests/unit/test-header.c tests/unit/tap.h
	@mkdir -p $(@D)
	$(call quiet,CC,$@)
	$(Q)$(CC) -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c src/wmishim.h
	$(Q)$(CC) -std=c99 -pedantic $(WARN) -Isrc -Itests/unit -o $@ tests/unit/test-header.c

# make check: make deps first (alone: the suites need what it installs), then
# every suite, all of them even when one fails (-k), each through
# tests/suite.sh, which keeps its closing line in $(B)/results/; then
# tests/total.sh sums them: the last line is "N passed, N failed, N skipped".
# A skip outside CI is said loudly ("SKIPPED: suite: why"); under CI=true
# (.ci/run) a skip of the VM or generator suites is a failure.
# The VM suite, the longest, first and in two halves that make -j2 runs side
# by side (check-vm-newest, check-vm-older: below).
CHECK_SUITES := check-vm-newest check-vm-older check-runners check-deps check-unit check-symbols check-cli check-cli-plain \
                check-report check-docs check-man check-acpi check-kdata check-asl \
                check-overlays check-initramfs check-enable check-fix check-demo check-boot check-runtime \
                check-configfs-module check-generators check-farm check-fuzz lint
SUITE = sh tests/suite.sh $(B)/results
# make check runs its suites CHECK_JOBS at a time (the cores this machine
# has), unless make was given -j itself.
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)

check:
	$(Q)rm -rf $(B)/results && mkdir -p $(B)/results
	$(Q)$(MAKE) --no-print-directory deps
	$(Q)$(MAKE) --no-print-directory -k $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(CHECK_JOBS)) \
		CHECK_ORDER=1 all $(filter-out check-cli-plain,$(CHECK_SUITES)); \
		rc=$$?; sh tests/total.sh $(B)/results $(CHECK_SUITES) && [ $$rc -eq 0 ]

# make deps changes nothing of this machine's boot: its lists and apt's plan
# hold no boot-chain package (its refusals tried with a stand-in apt-get),
# and around a run of it no package of the boot chain was installed and no
# file under /boot changed (tests/deps.sh).
check-deps: | deps
	$(Q)$(SUITE) check-deps sh tests/deps.sh

# The runners themselves: a skip is never a pass, a failure never lost, the
# total the sum of the suites; CI=true turns the VM and generator skips
# into failures (tests/runners.sh, on made-up suites).
check-runners: | deps
	$(Q)$(SUITE) check-runners sh tests/runners.sh

check-unit: $(addprefix $(B)/san/tests/test-,$(UNIT_TESTS)) | deps
	$(Q)WMISHIM_KERNEL_DATA=src/debian-kernels.txt $(SUITE) check-unit sh tests/run-tap.sh $^

# The library's edge (tests/symbols.sh): each variant's libwmishim.a exports
# the functions wmishim.h declares and nothing else, takes no ACPICA from
# outside, and (the plain one, first) links beside another ACPICA user.
check-symbols: $(B)/plain/libwmishim.a $(B)/san/libwmishim.a | deps
	$(Q)CC='$(CC)' $(SUITE) check-symbols sh tests/symbols.sh src/wmishim.h $^

# The golden tests, with the sanitizer build and with the plain build (what
# make install installs): both must print the same.
check-cli: $(B)/san/wmishim $(B)/wmishim $(FIXTURES) $(OVERLAYS) $(OVERLAY_CONFS) $(B)/fixtures/bad-checksum.aml \
		$(B)/try-guest.sh $(B)/kernels.sh \
		$(B)/fleet/.made $(B)/fixtures/corrupt.aml $(B)/fixtures/eeepc-rev2.aml $(B)/fakeroot/.made | deps
	$(Q)rm -rf $(B)/cli-out && mkdir -p $(B)/cli-out && \
		BUILD=$(B) $(SUITE) check-cli sh tests/cli/run.sh $(B)/san/wmishim; a=$$?; \
		rm -rf $(B)/cli-out && mkdir -p $(B)/cli-out && \
		BUILD=$(B) $(SUITE) check-cli-plain sh tests/cli/run.sh $(B)/wmishim; b=$$?; \
		[ $$a -eq 0 ] && [ $$b -eq 0 ]

# What README.md and docs/*.md show the program making is what it makes:
# their console examples run on the fixtures, the overlays and the fleet
# (tests/docs.sh).
check-docs: $(B)/wmishim $(FIXTURES) $(OVERLAYS) $(OVERLAY_CONFS) $(B)/fleet/.made | deps
	$(Q)$(SUITE) check-docs sh tests/docs.sh $(B)/wmishim $(B)

# A manual page for every command of src/tool/main.c's table, each with the
# options its command's --help names and takes (tests/man.sh).
check-man: $(B)/wmishim | deps
	$(Q)$(SUITE) check-man sh tests/man.sh $(B)/wmishim

# report over the fleet (tests/report.sh), with both builds: failures said
# per machine, the summary the same whatever -j, sharding or merging.
check-report: $(B)/san/wmishim $(B)/wmishim $(B)/fleet/.made | deps
	$(Q)$(SUITE) check-report sh tests/report.sh $(B)/fleet $(B)/san/wmishim $(B)/wmishim

check-acpi: $(addprefix $(B)/san/tests/acpi-,$(ACPI_TESTS)) $(FIXTURES) $(OVERLAYS) $(B)/san/wmishim | deps
	$(Q)WMISHIM=$(B)/san/wmishim FIXTURES=$(B)/fixtures OVERLAYS=$(B)/overlays IASL='$(IASL)' \
		$(SUITE) check-acpi sh tests/run-tap.sh $(addprefix $(B)/san/tests/acpi-,$(ACPI_TESTS))

# wmishim's kernel facts (each model's initrd signatures and limit, its _OSI
# answers: src/kernel.c) held, through what wmishim does with the kernel
# pinned, to each kernel's own source (fetched by scripts/kernels.sh, as
# check-vm does); test-kdata (check-acpi) holds kernel-data.h to ACPICA.
check-kdata: $(B)/san/wmishim $(ACPICA_STAMP) $(B)/gen/kernel-data.h | deps
	$(Q)IASL='$(IASL)' $(SUITE) check-kdata sh tests/kdata.sh $(B)/san/wmishim $(B)/kernels 6.1 6.12 7.2 7.3

# Every fixture and overlay compiles under iasl -we (the rules above).
check-asl: $(FIXTURES) $(OVERLAYS)
	$(Q)$(SUITE) check-asl echo '$(words $(FIXTURES) $(OVERLAYS)) passed, 0 failed, 0 skipped'

# The initramfs-tools hook, run with a stand-in hook-functions.
check-initramfs: $(B)/san/wmishim $(FIXTURES) $(B)/fixtures/bad-checksum.aml | deps
	$(Q)$(SUITE) check-initramfs sh tests/initramfs.sh $(B)/san/wmishim $(B)/fixtures

# enable, disable and status on fake roots, failures injected.
check-enable: $(B)/san/wmishim $(FIXTURES) $(OVERLAYS) $(OVERLAY_CONFS) $(B)/fakeroot/.made | deps
	$(Q)$(SUITE) check-enable sh tests/enable.sh $(B)/san/wmishim $(B)/fakeroot $(B)/overlays $(B)/fixtures

# wmishim fix on the fixtures, and enable of what it writes on a fake root.
check-fix: $(B)/san/wmishim $(B)/wmishim $(FIXTURES) $(B)/fakeroot/.made | deps
	$(Q)$(SUITE) check-fix sh tests/fix.sh $(B)/san/wmishim $(B)/fakeroot $(B)/fixtures $(B)/wmishim

# make demo, the README's first command, as a user runs it (tests/demo.sh):
# it passes, prints the README's path, and fails when a step does not do
# what it says.
check-demo: $(B)/wmishim $(FIXTURES) | deps
	$(Q)$(SUITE) check-demo sh tests/demo.sh $(MAKE) $(B)

# boot grub|entries|efistub on fake roots, failures injected; Debian's
# own GRUB 10_linux on the result (as root).
check-boot: $(B)/san/wmishim $(OVERLAYS) $(OVERLAY_CONFS) $(B)/fakeroot/.made | deps
	$(Q)sh scripts/fetch-pkgs.sh $(B)/pkgs grub-common >/dev/null || true
	$(Q)GRUB_COMMON='$(abspath $(B))/pkgs/grub-common' \
		$(SUITE) check-boot sh tests/boot.sh $(B)/san/wmishim $(B)/fakeroot $(B)/overlays

# load, unload, loaded and efivar on fake roots.
check-runtime: $(B)/san/wmishim $(FIXTURES) $(OVERLAYS) $(B)/fixtures/bad-checksum.aml $(B)/fakeroot/.made | deps
	$(Q)$(SUITE) check-runtime sh tests/runtime.sh $(B)/san/wmishim $(B)/fakeroot $(B)/fakeroot-locked \
		$(B)/fixtures $(B)/overlays

# wmishim-configfs-module's decisions against fake header trees.
check-configfs-module: | deps
	$(Q)$(SUITE) check-configfs-module sh tests/configfs-module.sh scripts/configfs-module.sh

# The real mkinitramfs and dracut, for Debian's kernel unpacked in $(B)/kernels.
# Exit 77 (a skip, said why) only when a prerequisite is missing: a failure
# under CI=true.
check-generators: $(B)/wmishim $(FIXTURES) | deps
	$(Q)$(SUITE) -S check-generators sh tests/generators.sh $(B)/wmishim $(B)/fixtures $(B)

# QEMU boots Debian's own kernels, 6.1, 6.12 and 7.3 (scripts/kernels.sh
# fetches them into $(B)/kernels, never installs them) with our tables; the
# guest's /sys/bus/wmi/devices must equal `wmishim inspect --kernel LINE
# --sysfs`.  KERNELS="6.12 7.3": only those kernels.
# The boot loaders, shim and OVMF come the same way (scripts/fetch-pkgs.sh,
# into $(B)/pkgs), never installed.
# Exit 77 (a skip, said why) only when the kernel or QEMU cannot be had: a
# failure under CI=true, as is any skipped point.
# T="wdg-fix osi-fix": only those scenarios (tests/vm/t/NNN-NAME.sh), with
# the ones they need.
VM_DEPS := $(B)/san/wmishim $(B)/wmishim $(FIXTURES) $(OVERLAYS) $(OVERLAY_CONFS) $(B)/fixtures/bad-checksum.aml
# Under make check (CHECK_ORDER), check-kdata starts after what the VM
# halves need: its downloads and xz (some seven minutes), started while
# those were still being made, kept a half from its slot that long.
ifdef CHECK_ORDER
check-kdata: | $(VM_DEPS)
endif
check-vm: $(VM_DEPS) | deps
	$(Q)KERNELS='$(KERNELS)' T='$(T)' $(SUITE) -S check-vm sh tests/vm/run.sh $(B)/san/wmishim $(B)

# make check's halves of the same suite: the newest line, which runs every
# scenario, and the older lines, about as long together (10 to 11 minutes
# each under TCG); a QEMU under TCG is one core's work, so on two cores
# make -j2 runs them side by side.  The lines: src/debian-kernels.txt's.
VM_LINES := $(shell awk '$$1 == "line" { print $$2 }' src/debian-kernels.txt)
check-vm-newest: $(VM_DEPS) | deps
	$(Q)KERNELS='$(lastword $(VM_LINES))' $(SUITE) -S $@ sh tests/vm/run.sh $(B)/san/wmishim $(B)
check-vm-older: $(VM_DEPS) | deps
	$(Q)KERNELS='$(filter-out $(lastword $(VM_LINES)),$(VM_LINES))' $(SUITE) -S $@ sh tests/vm/run.sh $(B)/san/wmishim $(B)

# report --try, the driver farm (tests/farm.sh): three machines of the
# fleet booted under Debian's 6.12 and 7.3 in QEMU, as one run and as
# shards under GNU parallel (one killed halfway, then started again),
# merged; a boot that hangs.  Exit 77 (a skip, said why) only when QEMU,
# parallel or a kernel cannot be had: a failure under CI=true.
check-farm: $(B)/wmishim $(B)/try-guest.sh $(B)/kernels.sh $(B)/fleet/.made $(B)/fixtures/farm-with-xiaomi.aml | deps
	$(Q)$(SUITE) -S check-farm sh tests/farm.sh $(B)/fleet $(B)/wmishim $(B)

# The sample WMI driver (examples/wmishim-sample) built against Debian's 7.3
# headers (scripts/kernels.sh, never installed), in $(B)/sample: in Debian
# 13's chroot (tests/vm/buildenv.sh: root) when this machine lacks gcc-14.
.PHONY: sample-driver
sample-driver: | build-deps
	$(Q)sh tests/vm/sample-build.sh $(B)/kernels 7.3 $(B)/sample

# The generated overlays are what their specs generate, to the byte.
check-overlays: $(B)/san/wmishim $(OVERLAYS) | deps
	$(Q)$(SUITE) check-overlays sh tests/check-overlays.sh $(B)/san/wmishim

# Fake roots for --root tests: a Debian 12 machine (its firmware tables,
# kernel facts, a modules.alias of its own and initramfs-tools), one whose
# kernel is locked down (and its 7.3 twin, which takes initrd tables even
# so), two running a 7.3 kernel built with legacy WMI device names (the
# configuration in /boot, or only in /proc/config.gz), and two running a
# 6.18 kernel of another distribution (no modules.alias; no configuration,
# or only /proc/config.gz, without the initrd upgrade and configfs).
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
		mkdir -p $$r/lib/modules/6.1.0-99-amd64 && \
		printf '%s\n' '# Aliases extracted from modules themselves.' \
			'alias pci:v00008086d000010D3sv*sd*bc*sc*i* e1000e' \
			'alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi' \
			'alias wmi:97845ed0-4e6d-11de-8a39-0800200c9a66 asus_wmi' \
			>$$r/lib/modules/6.1.0-99-amd64/modules.alias && \
		l=$(B)/fakeroot-locked && rm -rf $$l && cp -a $$r $$l && \
		echo 'none [integrity] confidentiality' >$$l/sys/kernel/security/lockdown && \
		printf '\007\000\000\000\001' >$$l/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c && \
		lk=$(B)/fakeroot-locked-7.3 && rm -rf $$lk && cp -a $$l $$lk && \
		echo 7.3.4+deb13-amd64 >$$lk/proc/sys/kernel/osrelease && \
		mv $$lk/boot/config-6.1.0-99-amd64 $$lk/boot/config-7.3.4+deb13-amd64 && \
		k=$(B)/fakeroot-7.3 && rm -rf $$k && cp -a $$r $$k && rm $$k/boot/config-6.1.0-99-amd64 && \
		echo 7.3.4+deb13-amd64 >$$k/proc/sys/kernel/osrelease && \
		printf 'CONFIG_ACPI_WMI=m\nCONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=y\n' >$$k/boot/config-7.3.4+deb13-amd64 && \
		z=$(B)/fakeroot-7.3-gz && rm -rf $$z && cp -a $$k $$z && rm $$z/boot/config-7.3.4+deb13-amd64 && \
		printf 'CONFIG_ACPI_WMI=m\nCONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=y\n' | gzip -n >$$z/proc/config.gz && \
		e=$(B)/fakeroot-6.18 && rm -rf $$e && cp -a $$r $$e && rm -r $$e/boot/config-6.1.0-99-amd64 $$e/lib/modules && \
		echo 6.18.44-fc-v1272 >$$e/proc/sys/kernel/osrelease && \
		m=$(B)/fakeroot-dmi && rm -rf $$m && cp -a $$r $$m && mkdir -p $$m/sys/class/dmi/id && \
		echo 'ASUSTeK Computer INC.' >$$m/sys/class/dmi/id/sys_vendor && \
		echo '1015PX' >$$m/sys/class/dmi/id/product_name && \
		echo 'BOOT_IMAGE=/vmlinuz-6.1.0-99-amd64 root=/dev/sda1 ro "acpi_osi=!Windows 2009" quiet' \
			>$$m/proc/cmdline && \
		g=$(B)/fakeroot-6.18-gz && rm -rf $$g && cp -a $$e $$g && \
		printf '# CONFIG_ACPI_TABLE_UPGRADE is not set\n# CONFIG_ACPI_CONFIGFS is not set\nCONFIG_EFI_CUSTOM_SSDT_OVERLAYS=y\n' | \
			gzip -n >$$g/proc/config.gz && \
		touch $@

# A corrupt table that ACPICA's parser crashes on (see the fixture).
$(B)/fixtures/corrupt.aml: $(B)/fixtures/corrupt-base.aml tests/poke-aml.sh
	$(call quiet,GEN,$@)
	$(Q)sh tests/poke-aml.sh $< $@ 105 14 06

# report's fleet (tests/report.sh, tests/cli/report-*.t): machines made of the fixtures, a
# folder of tables each or an acpidump text file, among them one that
# crashes ACPICA, one that does not parse, a text file that is no machine,
# and two the tests make hang and run out of memory (WMISHIM_TEST_REPORT_FAULT).
FLEET_AML := eeepc-1201nl eeepc-broken-nowm eeepc-broken-nowed check-duplicate-driver \
             check-clean check-query-missing patch-names smoke check-method-missing corrupt
$(B)/fleet/.made: $(patsubst %,$(B)/fixtures/%.aml,$(FLEET_AML)) tests/unit/data/tables/sample.dump
	$(call quiet,GEN,$(B)/fleet)
	$(Q)f=$(B)/fleet && x=$(B)/fixtures && rm -rf $$f && \
		mkdir -p $$f/eeepc $$f/eeepc-nowm $$f/eeepc-nowed $$f/asus-dup $$f/clean \
			$$f/no-query $$f/no-wmi $$f/hang $$f/memory $$f/crash $$f/dumps \
			$$f/vendor/model-a/acpi $$f/vendor/model-b && \
		cp $$x/eeepc-1201nl.aml $$f/eeepc/dsdt.dat && \
		cp $$x/eeepc-broken-nowm.aml $$f/eeepc-nowm/dsdt.aml && \
		cp $$x/eeepc-broken-nowed.aml $$f/eeepc-nowed/dsdt.aml && \
		cp $$x/check-duplicate-driver.aml $$f/asus-dup/ssdt1.aml && \
		cp $$x/check-clean.aml $$f/clean/ssdt1.aml && \
		cp $$x/check-query-missing.aml $$f/no-query/ssdt1.aml && \
		cp $$x/patch-names.aml $$f/no-wmi/dsdt.aml && \
		cp $$x/smoke.aml $$f/hang/ssdt1.aml && cp $$x/smoke.aml $$f/memory/ssdt1.aml && \
		cp $$x/corrupt.aml $$f/crash/ssdt1.aml && \
		cp tests/unit/data/tables/sample.dump $$f/dumps/sample.dump && \
		printf 'DSDT @ 0x0000000000000000\n    0000: 44 53 44 54 zz\n' >$$f/dumps/broken.dump && \
		echo 'notes on these machines: not a dump' >$$f/dumps/README && \
		cp $$x/check-method-missing.aml $$f/vendor/model-a/acpi/ssdt2.aml && \
		cp $$x/eeepc-1201nl.aml $$f/vendor/model-b/DSDT && \
		cp $$x/smoke.aml $$f/vendor/model-b/SSDT1 && touch $$f/.made

# The Eee PC DSDT with a higher OEM revision (byte 24): an initrd override.
$(B)/fixtures/eeepc-rev2.aml: $(B)/fixtures/eeepc-1201nl.aml tests/poke-aml.sh
	$(call quiet,GEN,$@)
	$(Q)sh tests/poke-aml.sh $< $@ 24 01 02

# A table whose checksum is wrong (byte 9 of the header is the checksum).
$(B)/fixtures/bad-checksum.aml: $(B)/fixtures/smoke.aml
	$(call quiet,GEN,$@)
	$(Q)cp $< $@.tmp && printf '\125' | dd of=$@.tmp bs=1 seek=9 conv=notrunc status=none && mv $@.tmp $@

# --- fuzzing (tests/fuzz/README.md) ---------------------------------------------
# libFuzzer targets, one per parser of untrusted input, linked with a third
# variant of the library and libacpica built by clang with coverage
# instrumentation.  `make fuzz FUZZ_SECONDS=N` runs each for N seconds
# (FUZZ_RUNS=N: or until N executions; T="wdg spec": only those targets)
# (FUZZ_JOBS=2: two at a time), keeping the corpus in $(B)/fuzz/corpus/TARGET
# and crashes in $(B)/fuzz/crashes/TARGET; check-fuzz replays the seeds and
# tests/fuzz/regress/TARGET once.  Without clang: a skip (77), said why, except
# under CI=true.
FUZZ_CC       ?= clang
FUZZ_SECONDS  ?= 60
FUZZ_JOBS     ?= 1
FUZZ_TARGETS  := wdg bytes acpidump cpio spec patch inspect alias mof report dmi trylog osi
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FLAGS_fuzz    := -O1 -g -fsanitize=fuzzer-no-link $(FUZZ_SANITIZE)
FUZZ_ENV       = B='$(B)' FUZZ_CC='$(FUZZ_CC)' FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_JOBS='$(FUZZ_JOBS)' \
                 FUZZ_RUNS='$(FUZZ_RUNS)' \
                 FUZZ_FORK='$(FUZZ_FORK)' FUZZ_FLAGS='$(FUZZ_FLAGS)'
$(B)/fuzz/%: CC := $(FUZZ_CC)
$(eval $(call variant,fuzz))

$(B)/fuzz/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h $(B)/fuzz/libwmishim.a
	$(call quiet,CC,$@)
	$(Q)$(CC) $(WARN) -O1 -g -fsanitize=fuzzer $(FUZZ_SANITIZE) -std=gnu11 -Isrc -o $@ $< \
		$(B)/fuzz/libwmishim.a $(FUZZ_LIBS) -lm
$(B)/fuzz/fuzz-mof: tests/unit/mof-enc.h
# report --merge's reader, compiled in (src/tool/report/: json.c, sum*.c, text.c, farm*.c).
$(B)/fuzz/fuzz-report: $(REPORT_SUM_SRCS) src/tool/report/report.h src/tool/report/farm.h src/tool/tool.h
# try's DMI strings and its guest's console reader, compiled in (src/tool/try-boot.c, try-report.c,
# try-verdict.c).
$(B)/fuzz/fuzz-dmi $(B)/fuzz/fuzz-trylog: tests/fuzz/fuzz-try.h src/tool/try-boot.c src/tool/try-report.c \
		src/tool/try-verdict.c \
		src/tool/try.h src/tool/tool.h
$(B)/fuzz/fuzz-report: FUZZ_LIBS := $(TOOL_LIBS)

# Seeds are made from the fixtures, the CLI test data and the overlays' specs.
$(B)/fuzz/seeds/.made: tests/fuzz/seeds.sh $(FIXTURES) $(OVERLAYS) $(B)/gen/wmi-drivers.inc $(wildcard tests/cli/data/*) \
		$(wildcard tests/unit/data/*/*) $(wildcard overlays/*/*.spec)
	$(call quiet,GEN,$(B)/fuzz/seeds)
	$(Q)sh tests/fuzz/seeds.sh $(B) && touch $@

fuzz-build: $(addprefix $(B)/fuzz/fuzz-,$(FUZZ_TARGETS)) $(B)/fuzz/seeds/.made

# run.sh probes clang first, then builds with FUZZ_BUILD.
FUZZ_RUN = $(FUZZ_ENV) FUZZ_BUILD='$(MAKE) --no-print-directory fuzz-build' sh tests/fuzz/run.sh

# What the fuzz sub-make shares with this one is made here first, so that
# the two never write the same file at once under -j.
FUZZ_SHARED = $(FIXTURES) $(OVERLAYS) $(B)/gen/kernel-data.h $(B)/gen/wmi-drivers.inc $(ACPICA_STAMP)

check-fuzz: $(FUZZ_SHARED) | deps
	$(Q)$(SUITE) check-fuzz env $(FUZZ_RUN) check $(FUZZ_TARGETS)

fuzz: $(FUZZ_SHARED) | deps
	$(Q)$(FUZZ_RUN) run $(or $(T),$(FUZZ_TARGETS)); rc=$$?; [ $$rc -eq 0 ] || [ $$rc -eq 77 ]

lint: | deps
	$(call quiet,LINT,shell scripts)
	$(Q)$(SUITE) lint shellcheck -x -s sh scripts/*.sh src/*.sh tests/*.sh tests/cli/*.sh .ci/run \
		initramfs/initramfs-tools/wmishim tests/vm/*.sh tests/vm/t/*.sh $(wildcard tests/fuzz/*.sh) tests/bench/*.sh \
		debian/*.sh debian/wmishim.prerm debian/wmishim.postrm debian/wmishim-configfs-dkms.dkms

# Speed, in the plain (installed) build: bench times processes, and loads
# tables alone (the floor); bench -n ROUNDS INPUT... times check's work in
# its own process.
$(B)/plain/bench: tests/bench/bench.c $(B)/plain/libwmishim.a
	$(call quiet,CC,$@)
	$(Q)$(CC) $(WARN) $(FLAGS_plain) -std=gnu11 -Isrc -o $@ $< $(B)/plain/libwmishim.a

# make bench: side by side on the fleet made of the fixtures and on
# BENCH_TABLES=DIR (machines as report finds them), each command a whole
# process (tests/bench/bench.sh); ROUNDS runs of each a machine.
bench: $(B)/plain/bench $(B)/wmishim $(B)/try-guest.sh $(B)/kernels.sh $(B)/fleet/.made | build-deps
	$(Q)sh tests/bench/bench.sh $(B)/wmishim $(B)/plain/bench $(B)/fleet $(BENCH_TABLES)

# make deps first, alone: the build installs nothing itself.
demo:
	$(Q)$(MAKE) --no-print-directory deps
	$(Q)$(MAKE) --no-print-directory demo-run

demo-run: $(B)/wmishim $(FIXTURES) $(OVERLAYS)
	$(Q)sh scripts/demo.sh $(B)/wmishim $(B)/fixtures

# --- install ------------------------------------------------------------------
# The initramfs-tools hook runs with initramfs-tools' own PATH: it is told
# where the binary is.  With no table enabled it does nothing, so installing
# it changes no initramfs.
INITRAMFS_HOOKS ?= /usr/share/initramfs-tools/hooks

install: $(B)/wmishim $(OVERLAYS) $(OVERLAY_CONFS)
	install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(MANDIR)/man1' '$(DESTDIR)$(INITRAMFS_HOOKS)'
	install -m 0755 $(B)/wmishim '$(DESTDIR)$(BINDIR)/wmishim'
	install -m 0755 scripts/configfs-module.sh '$(DESTDIR)$(BINDIR)/wmishim-configfs-module'
	install -m 0644 $(MANPAGES) '$(DESTDIR)$(MANDIR)/man1/'
	install -m 0644 scripts/wmishim-configfs-module.1 '$(DESTDIR)$(MANDIR)/man1/wmishim-configfs-module.1'
	sed 's|^wmishim=.*|wmishim=$${WMISHIM:-$(BINDIR)/wmishim}|' initramfs/initramfs-tools/wmishim \
		>'$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim.tmp'
	chmod 0755 '$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim.tmp'
	mv '$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim.tmp' '$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim'
	for o in $(patsubst overlays/%/,%,$(wildcard overlays/*/)); do \
		install -d "$(DESTDIR)$(DATADIR)/overlays/$$o" && \
		install -m 0644 overlays/$$o/README.md overlays/$$o/enable.conf $(B)/overlays/$$o/*.aml \
			"$(DESTDIR)$(DATADIR)/overlays/$$o/" || exit 1; \
	done
	install -d '$(DESTDIR)$(DATADIR)'
	install -m 0755 src/try-guest.sh scripts/kernels.sh '$(DESTDIR)$(DATADIR)/'
	install -d '$(DESTDIR)$(DATADIR)/initramfs'
	install -m 0644 initramfs/dracut/50-wmishim.conf initramfs/mkinitcpio/README.md \
		'$(DESTDIR)$(DATADIR)/initramfs/'

uninstall:
	rm -f '$(DESTDIR)$(BINDIR)/wmishim' '$(DESTDIR)$(BINDIR)/wmishim-configfs-module' \
		$(patsubst man/%,'$(DESTDIR)$(MANDIR)/man1/%',$(MANPAGES)) \
		'$(DESTDIR)$(MANDIR)/man1/wmishim-configfs-module.1' \
		'$(DESTDIR)$(INITRAMFS_HOOKS)/wmishim'
	rm -rf '$(DESTDIR)$(DATADIR)'

# --- Debian packages (debian/) ---------------------------------------------------
# make deb: dpkg-buildpackage -us -uc -b on a copy of the tree, as from a
# clean clone (scripts/deb.sh): $(B)/deb/wmishim_$(VERSION)_amd64.deb and
# wmishim-configfs-dkms_$(VERSION)_all.deb.  Its build installs with this
# Makefile (make install DESTDIR=... PREFIX=/usr).
# make check-deb (tests/deb.sh, as root, with the network; .ci/run runs it
# after make check): lintian on both (in a chroot), then in a Debian 12 chroot made by
# mmdebstrap from this machine's Debian sources (its tarball kept in
# $(B)/deb/chroot, the packages it fetches in $(B)/deb/archives):
# install, upgrade, remove and purge with nothing left behind, and DKMS
# building acpi_configfs.ko for Debian 12's 6.1 and 6.12 kernels, and its
# refusals.  Nothing is installed on this machine but mmdebstrap
# (make deps).  Skipped, saying why, without root or the network;
# under CI=true a failure.
.PHONY: deb check-deb
deb:
	$(Q)sh scripts/deb.sh $(B)

check-deb: | deps
	$(Q)$(MAKE) --no-print-directory deb
	$(Q)$(SUITE) -S check-deb sh tests/deb.sh $(B)

clean:
	rm -rf $(B)
