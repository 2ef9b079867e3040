// SPDX-License-Identifier: GPL-2.0
/* wmishim: the command-line front end of libwmishim. */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"
#include "acpica-source.h" /* WMISHIM_ACPICA_SOURCE, made by src/acpica-src.sh */

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

/*
 * Every command, in the order --help lists them: where each lives is its
 * run function, cmd_NAME, in src/tool/NAME.c (osi-fix: osifix.c), but for
 * disable and status, in enable.c, and unload, loaded and efivar, in
 * runtime.c (load's).  A command that runs
 * firmware and no system tool runs whole in the guard (guard.c): a crash, a
 * hang or a runaway allocation ends it with a message that says which, and
 * whose code it was.  enable guards only its patch steps: it runs the
 * initramfs generator, which no limit may interrupt.
 */
static const struct tool_cmd commands[] = {
	{ "decode", cmd_decode, "decode [--json] [FILE]", "decode and check a _WDG buffer", 0,
	  usage_decode },
	{ "gen", cmd_gen, "gen [-o FILE] SPEC", "generate an SSDT (ASL) for a WMI device", 0,
	  usage_gen },
	{ "inspect", cmd_inspect, "inspect INPUT...",
	  "list WMI devices and blocks as Linux sees them", TOOL_CMD_FIRMWARE, usage_inspect },
	{ "check", cmd_check, "check INPUT...", "check WMI devices against what Linux needs",
	  TOOL_CMD_FIRMWARE, usage_check },
	{ "call", cmd_call, "call INPUT... --guid GUID", "call a WMI block offline as the kernel does",
	  TOOL_CMD_FIRMWARE, usage_call },
	{ "report", cmd_report, "report PATH...",
	  "inspect and check a fleet of machines, each guarded: a summary", 0, usage_report },
	{ "mof", cmd_mof, "mof INPUT...", "the firmware's Binary MOF: its WMI classes as MOF text",
	  TOOL_CMD_FIRMWARE, usage_mof },
	{ "fix", cmd_fix, "fix INPUT... -o DIR", "repair what check finds, for one kernel",
	  0, usage_fix },
	{ "patch", cmd_patch, "patch TABLE --rename PATH=NAME", "rename names in a table in place (-o OUT)",
	  TOOL_CMD_FIRMWARE, usage_patch },
	{ "osi-fix", cmd_osi_fix, "osi-fix TABLE...", "the _OSI fix: patched tables and ssdt-xosi.aml",
	  TOOL_CMD_FIRMWARE, usage_osi_fix },
	{ "cpio", cmd_cpio, "cpio TABLE... -o FILE", "the initrd table upgrade archive (--list IMAGE)",
	  0, usage_cpio },
	{ "kernel", cmd_kernel, "kernel [RELEASE]",
	  "the kernel history: what each Linux release does, and why", 0, usage_kernel },
	{ "doctor", cmd_doctor, "doctor [--root DIR]",
	  "which ways of loading tables work here, and why not", 0, usage_doctor },
	{ "enable", cmd_enable, "enable OVERLAY|DIR|FILE.aml",
	  "boot with an overlay's tables (initramfs made again)", TOOL_CMD_ROOT, usage_enable },
	{ "disable", cmd_disable, "disable NAME", "boot without them", TOOL_CMD_ROOT, usage_enable },
	{ "status", cmd_status, "status", "what is enabled", 0, usage_enable },
	{ "boot", cmd_boot, "boot grub|entries|efistub",
	  "the boot loader loads the tables (initramfs: back)", 0, usage_boot },
	{ "load", cmd_load, "load FILE.aml", "load an SSDT now, through configfs", TOOL_CMD_ROOT,
	  usage_runtime },
	{ "unload", cmd_unload, "unload NAME", "unload a table load loaded", TOOL_CMD_ROOT,
	  usage_runtime },
	{ "loaded", cmd_loaded, "loaded", "the tables loaded through configfs", 0, usage_runtime },
	{ "efivar", cmd_efivar, "efivar install NAME FILE",
	  "the SSDT as an EFI variable for efivar_ssdt=NAME (--grub)", 0, usage_runtime },
	{ "try", cmd_try, "try INPUT... | --live",
	  "boot the firmware with a real kernel in QEMU, and report", 0, usage_try },
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	int width = 24;

	for (size_t i = 0; i < N_COMMANDS; i++)
		if ((int)strlen(commands[i].synopsis) > width)
			width = (int)strlen(commands[i].synopsis);
	fprintf(f, "Usage: %s [-v] COMMAND [ARGS]\n\nCommands:\n", program_name);
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(f, "  %-*s  %s\n", width, commands[i].synopsis, commands[i].summary);
	fprintf(f,
		"\n"
		"Options:\n"
		"  -v, --verbose   more messages (repeat for debug)\n"
		"  --version       print the versions of wmishim and ACPICA\n"
		"  -h, --help      this text\n"
		"\n"
		"'%s help COMMAND' or '%s COMMAND --help' describes a command; man wmishim\n"
		"has the rest.\n",
		program_name, program_name);
}

static const struct tool_cmd *find(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* A command not in the table: the closest one, or where the list is. */
static void unknown_command(const char *name)
{
	const char *names[N_COMMANDS + 1];
	const char *near;

	for (size_t i = 0; i < N_COMMANDS; i++)
		names[i] = commands[i].name;
	names[N_COMMANDS] = "help";
	near = tool_closest(name, names, N_COMMANDS + 1);
	if (near)
		tool_error("unknown command '%s': did you mean %s?", name, near);
	else
		tool_error("unknown command '%s': see %s --help", name, program_name);
}

/* wmishim help [COMMAND] */
static int help(int argc, char **argv)
{
	const struct tool_cmd *cmd = argc > 1 ? find(argv[1]) : NULL;

	if (argc == 2 && !cmd) {
		unknown_command(argv[1]);
		return EXIT_USAGE;
	}
	if (argc > 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (cmd)
		cmd->usage(stdout);
	else
		usage(stdout);
	return EXIT_CLEAN;
}

struct guarded_cmd {
	struct tool_ctx *ctx;
	int argc;
	char **argv;
};

static int run_cmd(void *arg, int out_fd)
{
	struct guarded_cmd *g = arg;

	(void)out_fd;
	return g->ctx->cmd->run(g->ctx, g->argc, g->argv);
}

static int run(const struct tool_cmd *cmd, int argc, char **argv)
{
	struct tool_ctx ctx;
	struct guarded_cmd g = { &ctx, argc, argv };
	int ret;

	tool_ctx_init(&ctx, cmd);
	if (!(cmd->flags & TOOL_CMD_FIRMWARE))
		return cmd->run(&ctx, argc, argv);
	ret = tool_guard(argv[0], run_cmd, &g, NULL, NULL);
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

			printf("wmishim %s (ACPICA %08X, from %s)\n", WMISHIM_VERSION, (unsigned int)v,
			       WMISHIM_ACPICA_SOURCE);
			return 0;
		} else if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(argv[1], "-v") == 0 || strcmp(argv[1], "--verbose") == 0) {
			verbose++;
		} else {
			tool_error("unknown option '%s': see %s --help", argv[1], program_name);
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
	if (!strcmp(argv[0], "help"))
		return help(argc, argv);
	if (find(argv[0]))
		return run(find(argv[0]), argc, argv);
	unknown_command(argv[0]);
	return EXIT_USAGE;
}
