// SPDX-License-Identifier: GPL-2.0
/* wmishim: the command-line front end of libwmishim. */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"

const char *program_name = "wmishim";

static void log_to_stderr(enum wmishim_log_priority priority, void *data,
			  const char *fmt, va_list args)
{
	/* Library messages carry their own words ("error", "warning"). */
	(void)priority;
	(void)data;
	fprintf(stderr, "%s: ", program_name);
	vfprintf(stderr, fmt, args);
	fputc('\n', stderr);
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [-v] COMMAND [ARGS]\n"
		"\n"
		"Commands:\n"
		"  decode [--json] [FILE]   decode and check a _WDG buffer\n"
		"  gen [-o FILE] SPEC       generate an SSDT (ASL) for a WMI device\n"
		"  inspect INPUT...         list WMI devices and blocks as Linux sees them\n"
		"  check INPUT...           check WMI devices against what Linux needs\n"
		"  call INPUT... --guid G   call a WMI block offline as the kernel does\n"
		"  patch TABLE --rename P=N rename names in a table in place (-o OUT)\n"
		"  osi-fix TABLE...         the _OSI fix: patched tables and ssdt-xosi.aml\n"
		"  cpio TABLE... -o FILE    the initrd table upgrade archive (--list IMAGE)\n"
		"  doctor [--root DIR]      which ways of loading tables work here, and why not\n"
		"  enable OVERLAY|FILE.aml  boot with an overlay's tables (initramfs made again)\n"
		"  disable NAME             boot without them\n"
		"  status                   what is enabled\n"
		"  boot grub|entries|efistub the boot loader loads the tables (initramfs: back)\n"
		"  load FILE.aml            load an SSDT now, through configfs (unload, loaded)\n"
		"  efivar install NAME FILE the SSDT as an EFI variable for efivar_ssdt=NAME (--grub)\n"
		"\n"
		"Options:\n"
		"  -v, --verbose            more messages (repeat for debug)\n"
		"  --version                print the versions of wmishim and ACPICA\n"
		"  -h, --help               this text\n"
		"\n"
		"'%s COMMAND --help' describes a command; man wmishim has the rest.\n",
		program_name, program_name);
}

/*
 * Commands that run firmware and no system tool run whole in the guard
 * (guard.c): a crash, a hang or a runaway allocation ends the command with
 * a message that says which, and whose code it was.  enable guards only
 * its patch steps: it runs the initramfs generator, which no limit may
 * interrupt.
 */
struct guarded_cmd {
	int (*cmd)(int, char **);
	int argc;
	char **argv;
};

static int run_cmd(void *arg, int out_fd)
{
	struct guarded_cmd *g = arg;

	(void)out_fd;
	return g->cmd(g->argc, g->argv);
}

static int guarded(int (*cmd)(int, char **), int argc, char **argv)
{
	struct guarded_cmd g = { cmd, argc, argv };
	int ret = tool_guard(argv[0], run_cmd, &g, NULL, NULL);

	return ret == TOOL_GUARD_STOPPED ? EXIT_USAGE : ret;
}

int main(int argc, char **argv)
{
	int verbose = 0;

	/* SIGCHLD ignored by whoever ran us (SIG_IGN survives exec) reaps our
	 * children for us: waitpid() would fail with ECHILD, and the tools we
	 * run would inherit it too. */
	signal(SIGCHLD, SIG_DFL);
	wmishim_log_set_function(log_to_stderr, NULL);
	while (argc > 1 && argv[1][0] == '-') {
		if (strcmp(argv[1], "--version") == 0) {
			uint32_t v = wmishim_acpica_version();

			printf("wmishim %s (ACPICA %08X)\n", WMISHIM_VERSION, (unsigned int)v);
			return 0;
		} else if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(argv[1], "-v") == 0 || strcmp(argv[1], "--verbose") == 0) {
			verbose++;
		} else {
			tool_error("unknown option '%s'", argv[1]);
			usage(stderr);
			return EXIT_USAGE;
		}
		argv++;
		argc--;
	}
	wmishim_log_set_priority(verbose >= 2 ? WMISHIM_LOG_DEBUG :
				 verbose     ? WMISHIM_LOG_INFO : WMISHIM_LOG_WARNING);
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	argv++;
	argc--;
	if (strcmp(argv[0], "decode") == 0)
		return cmd_decode(argc, argv);
	if (strcmp(argv[0], "gen") == 0)
		return cmd_gen(argc, argv);
	if (strcmp(argv[0], "inspect") == 0)
		return guarded(cmd_inspect, argc, argv);
	if (strcmp(argv[0], "check") == 0)
		return guarded(cmd_check, argc, argv);
	if (strcmp(argv[0], "call") == 0)
		return guarded(cmd_call, argc, argv);
	if (strcmp(argv[0], "patch") == 0)
		return guarded(cmd_patch, argc, argv);
	if (strcmp(argv[0], "osi-fix") == 0)
		return guarded(cmd_osi_fix, argc, argv);
	if (strcmp(argv[0], "cpio") == 0)
		return cmd_cpio(argc, argv);
	if (strcmp(argv[0], "doctor") == 0)
		return cmd_doctor(argc, argv);
	if (!strcmp(argv[0], "enable") || !strcmp(argv[0], "disable") || !strcmp(argv[0], "status"))
		return cmd_enable(argc, argv);
	if (strcmp(argv[0], "boot") == 0)
		return cmd_boot(argc, argv);
	if (!strcmp(argv[0], "load") || !strcmp(argv[0], "unload") || !strcmp(argv[0], "loaded") ||
	    !strcmp(argv[0], "efivar"))
		return cmd_runtime(argc, argv);
	tool_error("unknown command '%s'", argv[0]);
	usage(stderr);
	return EXIT_USAGE;
}
