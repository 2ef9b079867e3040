// SPDX-License-Identifier: GPL-2.0
/* ACPI tables read from a live system: a fake /sys/firmware/acpi/tables
 * below a root (its dynamic tables, its data folder, what cannot be read),
 * and a real machine's acpidump sample.  The tables are tables-build.h's. */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tables-build.h"
#include "logcap.h"

static void make_live_root(const char *root)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "%s", root);
	make_dir(rel);
	snprintf(rel, sizeof(rel), "%s/sys", root);
	make_dir(rel);
	snprintf(rel, sizeof(rel), "%s/sys/firmware", root);
	make_dir(rel);
	snprintf(rel, sizeof(rel), "%s/sys/firmware/acpi", root);
	make_dir(rel);
	snprintf(rel, sizeof(rel), "%s/sys/firmware/acpi/tables", root);
	make_dir(rel);
}

static const char *live(const char *root, const char *name)
{
	static char buf[2][512];
	static int i;

	i = !i;
	snprintf(buf[i], sizeof(buf[i]), "%s/%s/sys/firmware/acpi/tables/%s", tmp, root, name);
	return buf[i];
}

static void test_live(void)
{
	struct wmishim_table_set set = { 0 };
	char root[512];
	int ret;

	make_live_root("root");
	make_dir("root/sys/firmware/acpi/tables/data");
	make_dir("root/sys/firmware/acpi/tables/dynamic");
	write_file(live("root", "DSDT"), dsdt.b, dsdt.len);
	write_file(live("root", "SSDT1"), ssdt.b, ssdt.len);
	write_file(live("root", "SSDT2"), badsum.b, badsum.len);
	write_file(live("root", "SSDT10"), ssdt10.b, ssdt10.len);
	write_file(live("root", "APIC"), apic.b, apic.len);
	write_file(live("root", "FACP"), "not a table at all", 18);
	write_file(live("root", "SSDTX"), "not a table at all", 18);
	write_file(live("root", "data/BERT"), "junk", 4);
	write_file(live("root", "dynamic/SSDT3"), dyn.b, dyn.len);

	snprintf(root, sizeof(root), "%s/root", tmp);
	reset_log();
	ret = wmishim_tables_read_live(&set, root);
	is_int(ret, 5, "live: DSDT, SSDT1, SSDT2, SSDT10, dynamic/SSDT3");
	if (set.n == 5) {
		ok(same_table(&set.tables[0], &dsdt), "DSDT first");
		ok(same_table(&set.tables[1], &ssdt), "SSDT1");
		ok(same_table(&set.tables[2], &badsum), "SSDT2");
		ok(same_table(&set.tables[3], &ssdt10), "SSDT10 after SSDT2: by number");
		ok(same_table(&set.tables[4], &dyn), "dynamic/SSDT3 last");
		is_str(set.tables[0].source, live("root", "DSDT"), "source: the sysfs path");
		is_str(set.tables[4].source, live("root", "dynamic/SSDT3"), "source of a dynamic one");
		is_int(set.tables[2].checksum_ok, 0, "SSDT2's bad checksum seen");
	}
	is_int(n_errors, 0, "FACP, APIC, SSDTX, data/ ignored without an error");
	wmishim_tables_clear(&set);

	snprintf(root, sizeof(root), "%s/root/", tmp);
	is_int(wmishim_tables_read_live(&set, root), 5, "root with a trailing slash");
	is_str(set.n ? set.tables[0].source : "", live("root", "DSDT"), "... same paths");
	wmishim_tables_clear(&set);

	/* One SSDT is "SSDT"; no dynamic/ folder. */
	make_live_root("one");
	write_file(live("one", "DSDT"), dsdt.b, dsdt.len);
	write_file(live("one", "SSDT"), ssdt.b, ssdt.len);
	snprintf(root, sizeof(root), "%s/one", tmp);
	is_int(wmishim_tables_read_live(&set, root), 2, "\"SSDT\" alone, no dynamic/");
	wmishim_tables_clear(&set);

	/* A table whose size is not its header's: refused, nothing kept. */
	make_live_root("bad");
	write_file(live("bad", "DSDT"), dsdt.b, dsdt.len);
	write_file(live("bad", "SSDT1"), ssdt.b, ssdt.len - 1);
	snprintf(root, sizeof(root), "%s/bad", tmp);
	reset_log();
	is_int(wmishim_tables_read_live(&set, root), -EINVAL, "a cut SSDT: -EINVAL");
	is_int(set.n, 0, "... nothing kept");
	ok(strstr(last_error, "SSDT1") != NULL, "... named: %s", last_error);

	snprintf(root, sizeof(root), "%s/nowhere", tmp);
	reset_log();
	is_int(wmishim_tables_read_live(&set, root), -ENOENT, "no sysfs tables: -ENOENT");
	ok(strstr(last_error, "nowhere/sys/firmware/acpi/tables") != NULL, "... the path told: %s",
	   last_error);

	/* Permission denied, as a user: a child that is not root. */
	make_live_root("denied");
	write_file(live("denied", "DSDT"), dsdt.b, dsdt.len);
	chmod(live("denied", "DSDT"), 0);
	chmod(tmp, 0755);
	fflush(stdout);
	{
		pid_t pid = fork();
		int status = 0;

		if (pid == 0) {
			int r;

			if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
				_exit(3);
			snprintf(root, sizeof(root), "%s/denied", tmp);
			r = wmishim_tables_read_live(&set, root);
			wmishim_tables_clear(&set);
			if (r != -EACCES)
				_exit(1);
			_exit(strstr(last_error, "root") && strstr(last_error, "acpidump") ? 0 : 2);
		}
		waitpid(pid, &status, 0);
		ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		   "not root: -EACCES, and the error says to use root or acpidump (child %d)",
		   WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
}

/* The tables of the machine this was written on (Firecracker), as its
 * acpidump printed them. */
static void test_sample(void)
{
	static const char *const sigs[] = { "MCFG", "APIC", "DSDT", "FACP" };
	struct wmishim_table_set set = { 0 };
	const char *slash = strrchr(__FILE__, '/');
	char path[512];
	int all_ok = 1;

	snprintf(path, sizeof(path), "%.*sdata/tables/sample.dump",
		 slash ? (int)(slash - __FILE__ + 1) : 0, __FILE__);
	reset_log();
	is_int(wmishim_tables_read(&set, path), 4, "sample.dump: 4 tables");
	for (size_t i = 0; i < set.n && i < 4; i++) {
		is_str(set.tables[i].signature, sigs[i], "table %zu is %s", i + 1, sigs[i]);
		all_ok &= set.tables[i].checksum_ok;
		all_ok &= strcmp(set.tables[i].oem_id, "FIRECK") == 0;
	}
	ok(set.n == 4 && all_ok, "every checksum is right; every OEM id is FIRECK");
	is_int(set.n == 4 ? set.tables[2].length : 0, 3923, "the DSDT is 3923 bytes");
	is_int(n_errors + n_warnings, 0, "no error, no warning");
	wmishim_tables_clear(&set);
}

int main(void)
{
	wmishim_log_set_function(capture, NULL);
	wmishim_log_set_priority(WMISHIM_LOG_DEBUG);
	snprintf(tmp, sizeof(tmp), "%s", "/tmp/wmishim-tables-live-XXXXXX");
	if (!mkdtemp(tmp)) {
		diag("mkdtemp: %s", strerror(errno));
		return 1;
	}
	build_tables();
	test_live();
	test_sample();
	nftw(tmp, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	return done_testing();
}
