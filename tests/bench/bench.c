// SPDX-License-Identifier: GPL-2.0
/*
 * make bench: how long inspect and check take, per set of tables, in the
 * plain (installed) build.  Each round is what one `wmishim check` does:
 * read the tables, load them into a new ACPICA host, scan the WMI devices,
 * run the rules, free everything.
 *
 * Usage: bench [-n ROUNDS] INPUT...   (each INPUT is one set: a file, a
 * directory, an acpidump text, or "live" for this machine's tables)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

int main(int argc, char **argv)
{
	int rounds = 200, first = 1;

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
