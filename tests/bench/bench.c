// SPDX-License-Identifier: GPL-2.0
/*
 * make bench (tests/bench/bench.sh): the helper that times.
 *
 * bench [-n ROUNDS] INPUT...: in this process, what one `wmishim check`
 * does, ROUNDS times a set of tables: read the tables, load them into a
 * new ACPICA host, scan the WMI devices, run the rules, free everything
 * (each INPUT is one set: a file, a directory, an acpidump text, or "live"
 * for this machine's tables).
 *
 * bench --load INPUT: the floor, as a whole process: the tables read and
 * loaded into ACPICA (the library wmishim links, same build), nothing else.
 *
 * bench --time ROUNDS LABEL FILE: each line of FILE a command (its words
 * separated by tabs), run ROUNDS times as a process of its own (output to
 * /dev/null); a command's time is the median of its rounds, its memory the
 * peak resident size wait4 reports (its own and its children's).  Prints
 * LABEL, how many commands, then over the commands the median, p90 and
 * max time in ms, the median CPU time (user and system, wait4's) in ms and
 * the max peak memory in MiB; a command that fails is counted and said.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "wmishim.h"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One round; returns the number of WMI devices or -errno. */
static int round_once(const char *input, int *findings)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_host *host;
	struct wmishim_wmi_device *devs;
	int n, ret;

	ret = strcmp(input, "live") == 0 ? wmishim_tables_read_live(&set, "/")
					 : wmishim_tables_read(&set, input);
	if (ret < 0)
		return ret;
	ret = wmishim_host_load_set(&host, &set, NULL, NULL);
	wmishim_tables_clear(&set);
	if (ret)
		return ret;
	n = wmishim_wmi_scan(host, &devs);
	if (n >= 0) {
		*findings = wmishim_wmi_check(host, devs, (size_t)n, NULL, 0);
		wmishim_wmi_free(devs, (size_t)n);
	}
	wmishim_host_free(host);
	return n;
}

/* The floor: load and nothing else. */
static int load_only(const char *input)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_host *host;
	int ret = wmishim_tables_read(&set, input);

	if (ret >= 0)
		ret = wmishim_host_load_set(&host, &set, NULL, NULL);
	wmishim_tables_clear(&set);
	if (ret)
		return 1;
	wmishim_host_free(host);
	return 0;
}

/* One run of argv: its time in ms (-1: it failed), its CPU time (user and
 * system, its children's included) in ms and peak memory in KiB. */
static double run_once(char **argv, double *cpu, long *maxrss)
{
	struct rusage ru;
	int status;
	double t0 = now_ms(), t;
	pid_t pid = fork();

	if (pid == 0) {
		if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (pid < 0)
		return -1;
	while (wait4(pid, &status, 0, &ru) < 0)
		if (errno != EINTR)
			return -1;
	t = now_ms() - t0;
	*cpu = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	if (ru.ru_maxrss > *maxrss)
		*maxrss = ru.ru_maxrss;
	/* check's 1 is findings, not a failure; report's 1 a machine failed */
	return WIFEXITED(status) && WEXITSTATUS(status) <= 1 ? t : -1;
}

static int time_commands(int rounds, const char *label, const char *file)
{
	FILE *f = fopen(file, "r");
	char line[65536];
	double *med = NULL, *cmed = NULL, *t = calloc((size_t)rounds, sizeof(*t));
	double *c = calloc((size_t)rounds, sizeof(*c));
	size_t n = 0, failed = 0;
	long maxrss = 0;

	if (!f || !t || !c) {
		fprintf(stderr, "bench: %s: %s\n", file, strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *argv[512], *save = NULL, *w;
		int argc = 0, ok = 1;
		double *grown, *cgrown;

		line[strcspn(line, "\n")] = '\0';
		for (w = strtok_r(line, "\t", &save); w && argc < 511; w = strtok_r(NULL, "\t", &save))
			argv[argc++] = w;
		argv[argc] = NULL;
		if (!argc)
			continue;
		for (int r = 0; r < rounds && ok; r++)
			ok = (t[r] = run_once(argv, &c[r], &maxrss)) >= 0;
		if (!ok) {
			if (!failed++)
				fprintf(stderr, "bench: %s: failed: %s ...\n", label, argv[argc - 1]);
			continue;
		}
		qsort(t, (size_t)rounds, sizeof(*t), cmp);
		qsort(c, (size_t)rounds, sizeof(*c), cmp);
		grown = realloc(med, (n + 1) * sizeof(*med));
		if (grown)
			med = grown;
		cgrown = realloc(cmed, (n + 1) * sizeof(*cmed));
		if (cgrown)
			cmed = cgrown;
		if (!grown || !cgrown)
			return 1;
		cmed[n] = c[rounds / 2];
		med[n++] = t[rounds / 2];
	}
	fclose(f);
	if (!n) {
		printf("%-22s %5s\n", label, "-");
		free(med);
		free(cmed);
		free(t);
		free(c);
		return 0;
	}
	qsort(med, n, sizeof(*med), cmp);
	qsort(cmed, n, sizeof(*cmed), cmp);
	printf("%-22s %5zu %9.1f %9.1f %9.1f %8.1f %8.1f", label, n, med[n / 2],
	       med[(n * 9) / 10], med[n - 1], cmed[n / 2], (double)maxrss / 1024);
	if (failed)
		printf("  (%zu failed)", failed);
	printf("\n");
	free(med);
	free(cmed);
	free(t);
	free(c);
	return 0;
}

int main(int argc, char **argv)
{
	int rounds = 200, first = 1;

	if (argc == 3 && strcmp(argv[1], "--load") == 0)
		return load_only(argv[2]);
	if (argc == 5 && strcmp(argv[1], "--time") == 0)
		return time_commands(atoi(argv[2]) > 0 ? atoi(argv[2]) : 1, argv[3], argv[4]);

	if (argc > 2 && strcmp(argv[1], "-n") == 0) {
		rounds = atoi(argv[2]);
		first = 3;
	}
	if (first >= argc || rounds < 1) {
		fprintf(stderr, "usage: bench [-n ROUNDS] INPUT...\n");
		return 2;
	}
	printf("%-48s %8s %8s %8s %8s %6s\n", "tables", "min ms", "median", "p95", "max", "wmi");
	for (int i = first; i < argc; i++) {
		double *t = calloc((size_t)rounds, sizeof(*t));
		int devices = 0, findings = 0;

		if (!t)
			return 1;
		for (int r = 0; r < rounds; r++) {
			double t0 = now_ms();

			devices = round_once(argv[i], &findings);
			t[r] = now_ms() - t0;
			if (devices < 0)
				break;
		}
		if (devices < 0) {
			printf("%-48s cannot be loaded (%s)\n", argv[i], strerror(-devices));
			free(t);
			continue;
		}
		qsort(t, (size_t)rounds, sizeof(*t), cmp);
		printf("%-48s %8.3f %8.3f %8.3f %8.3f %6d\n", argv[i], t[0], t[rounds / 2],
		       t[rounds * 95 / 100], t[rounds - 1], devices);
		free(t);
	}
	printf("%d rounds each: read, load into ACPICA, scan, check, free\n", rounds);
	return 0;
}
