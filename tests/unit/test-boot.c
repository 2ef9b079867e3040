// SPDX-License-Identifier: GPL-2.0
/* wmishim boot efistub on the real root, with the tool's boot code
 * (src/tool/boot.c, with out.c and txn.c) compiled in: the boot entry
 * efibootmgr made is found in its listings, whole, however long.
 * efibootmgr here is a stand-in in a scratch directory, the only one in
 * PATH: this machine's firmware and its efibootmgr are never reached. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "wmishim.h"

#include "tool/out.c"
#include "tool/txn.c"
#include "tool/boot.c"
#include "tool/boot-efistub.c"

/* What the boot code takes from the rest of the tool, here: not called by
 * these tests. */
const char *program_name = "wmishim";

int tool_parse(struct tool_ctx *ctx, int argc, char **argv, const struct tool_options *o)
{
	(void)ctx, (void)argc, (void)argv, (void)o;
	return EXIT_USAGE;
}

int tool_need_root(const struct tool_ctx *ctx, const char *what)
{
	(void)ctx, (void)what;
	return -EPERM;
}

int tool_cpio_pack(struct wmishim_table_set *set, const struct wmishim_table_set *fw, int quiet,
		   uint8_t **archive, size_t *len)
{
	(void)set, (void)fw, (void)quiet, (void)archive, (void)len;
	return EXIT_USAGE;
}

int entries_edit(const char *root, int quiet, const char *esp, struct txn *t, int add,
		 int *count, const char *token)
{
	(void)root, (void)quiet, (void)esp, (void)t, (void)add, (void)count, (void)token;
	return -EINVAL;
}

void say_entries(int count, int add, int dry_run, const char *what, const char *more)
{
	(void)count, (void)add, (void)dry_run, (void)what, (void)more;
}

static char scratch[] = "/tmp/wmishim-test-boot.XXXXXX";

/* The stand-in: its listing is scratch/listing; -c adds the first free
 * Boot#### from 0000 up, with a line as long as a real one. */
static const char stand_in[] =
	"#!/bin/sh\n"
	"l=\"${0%/*}/listing\"\n"
	"case \"$1\" in\n"
	"-c)\n"
	"\tn=0\n"
	"\twhile /bin/grep -q \"^Boot$(printf %04X $n)\" \"$l\"; do n=$((n + 1)); done\n"
	"\tprintf 'Boot%04X* Linux with wmishim tables\\tHD(1,GPT,%s)/File(\\\\vmlinuz)\\n' \"$n\" "
	"0fc63daf-8483-4772-8e79-3d69d8477de4 >>\"$l\"\n"
	"\t;;\n"
	"'')\n"
	"\t/bin/cat \"$l\"\n"
	"\t;;\n"
	"*)\n"
	"\texit 2\n"
	"\t;;\n"
	"esac\n";

/* A listing of n entries, Boot0000 to Boot(n-1), each about 120 bytes, as
 * efibootmgr 17 lists them (the device path after the label). */
static void write_listing(const char *path, int n)
{
	FILE *f = fopen(path, "w");

	if (!f)
		abort();
	fprintf(f, "BootCurrent: 0001\nTimeout: 1 seconds\nBootOrder: ");
	for (int i = 0; i < n; i++)
		fprintf(f, "%s%04X", i ? "," : "", i);
	fprintf(f, "\n");
	for (int i = 0; i < n; i++)
		fprintf(f, "Boot%04X* Vendor entry %d\tPciRoot(0x0)/Pci(0x1d,0x0)/Pci(0x0,0x0)/"
			"NVMe(0x1,00-00-00-00-00-00-00-00)/HD(1,GPT,%08x-0000-0000-0000-000000000000)\n",
			i, i, (unsigned)i);
	fclose(f);
}

static int efistub(struct state *st)
{
	struct bopts o = { .root = "/", .disk = "/dev/null", .part = "1",
			   .kernel = "\\vmlinuz", .initrd = "\\initrd.img", .cmdline = "ro" };
	struct wmishim_system sys;

	memset(&sys, 0, sizeof(sys));
	memset(st, 0, sizeof(*st));
	return boot_efistub_entry(&o, &sys, st);
}

static void test_new_entry(void)
{
	char bin[sizeof(scratch) + 16], listing[sizeof(scratch) + 16];
	struct state st;
	FILE *f;

	snprintf(bin, sizeof(bin), "%s/efibootmgr", scratch);
	snprintf(listing, sizeof(listing), "%s/listing", scratch);
	f = fopen(bin, "w");
	if (!f || fputs(stand_in, f) < 0 || fclose(f) || chmod(bin, 0755))
		abort();
	/* Only the stand-in can be run. */
	setenv("PATH", scratch, 1);

	write_listing(listing, 5);
	is_int(efistub(&st), 0, "efistub, 5 entries: made");
	is_str(st.entry, "0005", "  the new entry found: Boot0005");

	/* 100 entries: a listing of 13 KiB, the new entry last (8 KiB of
	 * each listing were read: it was never found, and the entry made was
	 * left, said to be none). */
	write_listing(listing, 100);
	is_int(efistub(&st), 0, "efistub, 100 entries (13 KiB of listing): made");
	is_str(st.entry, "0064", "  the new entry found, last: Boot0064");

	/* 1,000 entries (130 KiB): as many as a machine may have. */
	write_listing(listing, 1000);
	is_int(efistub(&st), 0, "efistub, 1000 entries: made");
	is_str(st.entry, "03E8", "  the new entry found: Boot03E8");
	unlink(bin);
	unlink(listing);
}

int main(void)
{
	if (!mkdtemp(scratch))
		abort();
	test_new_entry();
	rmdir(scratch);
	return done_testing();
}
