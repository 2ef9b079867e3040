/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small TAP producer for wmishim's C tests: one binary per module, each
 * printing "ok N - name" / "not ok N - name" and a closing plan.  Header only.
 *
 *   ok(cond, "name %d", x);     is_int(got, want, "name");
 *   is_str(got, want, "name");  is_mem(got, glen, want, wlen, "name");
 *   skip_all("why");            return done_testing();
 *   skip("why %s", x);          one point skipped ("ok N # SKIP why"), not passed
 */
#ifndef WMISHIM_TAP_H
#define WMISHIM_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_run, tap_failed, tap_planned;

static void tap_vresult(int pass, const char *fmt, va_list ap)
{
	tap_run++;
	if (!pass)
		tap_failed++;
	printf("%sok %d - ", pass ? "" : "not ", tap_run);
	vprintf(fmt, ap);
	putchar('\n');
	fflush(stdout);
}

static inline int ok(int pass, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int ok(int pass, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tap_vresult(pass, fmt, ap);
	va_end(ap);
	return pass;
}

static inline void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("# ", stdout);
	vprintf(fmt, ap);
	putchar('\n');
	va_end(ap);
}

static inline void plan(int n)
{
	tap_planned = n;
	printf("1..%d\n", n);
}

#define is_int(got, want, ...)                                             \
	do {                                                               \
		long long tap_g_ = (long long)(got), tap_w_ = (long long)(want); \
		if (!ok(tap_g_ == tap_w_, __VA_ARGS__))                   \
			diag("  got %lld, want %lld", tap_g_, tap_w_);     \
	} while (0)

#define is_str(got, want, ...)                                             \
	do {                                                               \
		const char *tap_g_ = (got), *tap_w_ = (want);              \
		if (!ok(tap_g_ && tap_w_ && strcmp(tap_g_, tap_w_) == 0, __VA_ARGS__)) \
			diag("  got \"%s\", want \"%s\"", tap_g_ ? tap_g_ : "(null)", \
			     tap_w_ ? tap_w_ : "(null)");                  \
	} while (0)

#define is_mem(got, glen, want, wlen, ...)                                 \
	do {                                                               \
		size_t tap_gl_ = (glen), tap_wl_ = (wlen);                 \
		if (!ok(tap_gl_ == tap_wl_ && memcmp((got), (want), tap_wl_) == 0, \
			__VA_ARGS__))                                      \
			diag("  lengths: got %zu, want %zu", tap_gl_, tap_wl_); \
	} while (0)

/* One test point skipped, with the reason: "ok N # SKIP why".  TAP readers
 * (tests/run-tap.sh) count it as skipped, never as passed. */
static inline void skip(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static inline void skip(const char *fmt, ...)
{
	va_list ap;

	tap_run++;
	printf("ok %d # SKIP ", tap_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

/* Exit 77 with a reason: only for a missing optional prerequisite. */
static inline void skip_all(const char *why)
{
	printf("1..0 # SKIP %s\n", why);
	exit(77);
}

static inline int done_testing(void)
{
	if (!tap_planned)
		printf("1..%d\n", tap_run);
	else if (tap_planned != tap_run) {
		diag("planned %d tests but ran %d", tap_planned, tap_run);
		return 1;
	}
	if (tap_run == 0) {
		diag("no test ran");
		return 1;
	}
	return tap_failed ? 1 : 0;
}

#endif
