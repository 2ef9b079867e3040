// SPDX-License-Identifier: GPL-2.0
/*
 * The guard around code that runs firmware (tool.h: tool_guard).
 *
 * ACPICA's parser, which the kernel shares, has bugs that malformed AML
 * reaches (a NULL dereference in acpi_ps_peek_opcode, a use-after-free in
 * acpi_ds_evaluate_name_path), and wmishim may have its own.  So firmware
 * runs in a child process under a time and a memory limit, and the parent
 * says what ended it, no more than is known:
 *
 *  - a crash: the signal, and where the faulting instruction was.  ACPICA's
 *    objects keep their code in a section of its own, acpica_text
 *    (src/acpica.mk), which the linker bounds with __start_acpica_text and
 *    __stop_acpica_text: a fault between the two is the interpreter's;
 *    anywhere else, a bug of wmishim's until shown otherwise.  The child's
 *    handlers (on an alternate stack) note the faulting address in a page
 *    shared with the parent, then let the signal take its course: the
 *    sanitizer's own handler when there is one (its report), else the
 *    default action.  Only x86-64 reads the address (REG_RIP); elsewhere
 *    the place is unknown.  In the sanitizer build, AddressSanitizer's and
 *    UndefinedBehaviorSanitizer's reports are noted the same way
 *    (__asan_on_error, __ubsan_on_report): the child then exits 1 (or
 *    aborts, abort_on_error=1) instead of dying by a signal.
 *  - the time limit: WMISHIM_TIME_LIMIT_S seconds of real time (SIGALRM).
 *  - the memory limit: WMISHIM_MEMORY_LIMIT_MB MiB of address space
 *    (RLIMIT_AS).  AddressSanitizer reserves terabytes of address space, so
 *    under it the limit is on the bytes the program has allocated
 *    (__sanitizer_get_current_allocated_bytes), checked before each
 *    allocation.  The tool is linked with --wrap=malloc,calloc,realloc
 *    (Makefile): the wrappers below see every allocation of wmishim's code
 *    and ACPICA's (src/osl.c), not the C library's own, and note a refused
 *    one for the parent.
 *
 * The library caps what firmware can make it allocate (src/osl.c); this is
 * the outer guard.  System tools (update-initramfs, update-grub, ...) never
 * run in it: a limit must not kill them half way through a write.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr, pipe2 */
#endif
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

#include "tool.h"

#if defined(__SANITIZE_ADDRESS__)
#define GUARD_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GUARD_ASAN 1
#endif
#endif
#ifdef GUARD_ASAN
#include <sanitizer/asan_interface.h>
#endif

#define TIME_LIMIT_S 120
#define MEMORY_LIMIT_MB 2048
#define MAX_FRAMES 48

/* ACPICA's code, as the linker placed it (src/acpica.mk). */
extern const char __start_acpica_text[], __stop_acpica_text[];

/* What the child tells the parent: a page both map. */
struct guard_page {
	volatile sig_atomic_t done;      /* fn returned ret */
	volatile sig_atomic_t signal;    /* a signal the handlers saw */
	volatile sig_atomic_t sent;      /* sent by another process, not a fault */
	volatile sig_atomic_t sanitizer; /* SAN_* report */
	volatile sig_atomic_t memory;    /* an allocation failed at the limit */
	int ret;
	uintptr_t pc;                    /* the faulting instruction, or 0 */
	int n_frames, scan_from;         /* the stack, the callers from scan_from */
	void *frames[MAX_FRAMES];
	char what[96];                   /* the sanitizer's name for the error */
};

enum { SAN_NONE, SAN_ASAN, SAN_UBSAN };
enum { AT_UNKNOWN, AT_ACPICA, AT_OURS, AT_OTHER };

/* The child's; NULL in the parent. */
static struct guard_page *report;
/* The memory limit in bytes, in the child only. */
static size_t limit_bytes;
static struct sigaction before[NSIG];
static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGALRM };

static int in_acpica(uintptr_t a)
{
	return a >= (uintptr_t)__start_acpica_text && a < (uintptr_t)__stop_acpica_text;
}

/* ---- allocations ------------------------------------------------------------------------------ */

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);

#ifdef GUARD_ASAN
size_t __sanitizer_get_current_allocated_bytes(void);
size_t __sanitizer_get_allocated_size(const volatile void *p);
int __sanitizer_get_ownership(const volatile void *p);

/* 1 when SIZE more bytes, FREED fewer, pass the limit. */
static int past_limit(size_t size, const void *freed)
{
	size_t now = __sanitizer_get_current_allocated_bytes();

	if (freed && __sanitizer_get_ownership(freed))
		now -= __sanitizer_get_allocated_size(freed);
	return size > limit_bytes || now > limit_bytes - size;
}

/* The sanitizer build: allocations that cannot be had return NULL, as in
 * the plain build, instead of ending the program. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}
#else
static int past_limit(size_t size, const void *freed)
{
	(void)size;
	(void)freed;
	return 0; /* RLIMIT_AS does it */
}
#endif

static void *refused(void)
{
	if (report)
		report->memory = 1;
	errno = ENOMEM;
	return NULL;
}

void *__wrap_malloc(size_t size)
{
	void *p;

	if (limit_bytes && past_limit(size, NULL))
		return refused();
	p = __real_malloc(size);
	return !p && size && limit_bytes ? refused() : p;
}

void *__wrap_calloc(size_t n, size_t size)
{
	void *p;

	if (limit_bytes && (size && n > SIZE_MAX / size ? 1 : past_limit(n * size, NULL)))
		return refused();
	p = __real_calloc(n, size);
	return !p && n && size && limit_bytes ? refused() : p;
}

void *__wrap_realloc(void *old, size_t size)
{
	void *p;

	if (limit_bytes && size && past_limit(size, old))
		return refused();
	p = __real_realloc(old, size);
	return !p && size && limit_bytes ? refused() : p;
}

/* ---- the child's side ------------------------------------------------------------------------- */

/* The previous handler (a sanitizer's), else the default action. */
static void pass_on(int sig, siginfo_t *si, void *ctx)
{
	struct sigaction *old = &before[sig];

	if ((old->sa_flags & SA_SIGINFO) && old->sa_sigaction)
		old->sa_sigaction(sig, si, ctx);
	else if (!(old->sa_flags & SA_SIGINFO) && old->sa_handler != SIG_DFL &&
		 old->sa_handler != SIG_IGN)
		old->sa_handler(sig);
	signal(sig, SIG_DFL);
	raise(sig); /* delivered on return; a fault would come again anyway */
}

static void on_signal(int sig, siginfo_t *si, void *ctx)
{
	struct guard_page *r = report;
	uintptr_t pc = 0;

#if defined(__x86_64__)
	pc = (uintptr_t)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RIP];
#else
	(void)ctx;
#endif
	if (r && !r->signal && !r->sanitizer) {
		r->pc = pc;
		r->sent = si->si_code <= 0; /* kill() or raise(), not a fault */
		r->signal = sig;
		/* Outside ACPICA (the C library?): who called it.  Not for
		 * SIGALRM, which may come in the middle of anything; after a
		 * fault, an unwinder stuck on a lock meets the alarm. */
		if (sig != SIGALRM && pc && !in_acpica(pc) && !r->sent) {
			unsigned int left = alarm(5);

			r->n_frames = backtrace(r->frames, MAX_FRAMES);
			alarm(left ? left : 1);
			r->scan_from = r->n_frames;
			for (int i = 0; i < r->n_frames; i++)
				if ((uintptr_t)r->frames[i] == pc) {
					r->scan_from = i + 1;
					break;
				}
		}
	}
	pass_on(sig, si, ctx);
}

/* A sanitizer's report, from its hook (not a signal handler): the
 * address, when the sanitizer has one, and the stack below the hook. */
static void note_report(int which, const char *what, uintptr_t pc)
{
	struct guard_page *r = report;

	if (!r || r->signal || r->sanitizer)
		return;
	snprintf(r->what, sizeof(r->what), "%s: %s",
		 which == SAN_ASAN ? "AddressSanitizer" : "UndefinedBehaviorSanitizer",
		 what ? what : "error");
	r->pc = pc;
	r->n_frames = backtrace(r->frames, MAX_FRAMES);
	r->scan_from = -1; /* past the hook's frames and the sanitizer's */
	r->sanitizer = which;
}

#ifdef GUARD_ASAN
void __asan_on_error(void);
void __asan_on_error(void)
{
	note_report(SAN_ASAN, __asan_get_report_description(),
		    (uintptr_t)__asan_get_report_pc());
}
#endif

/* UndefinedBehaviorSanitizer's hook and report (compiler-rt's
 * ubsan_monitor.cpp); weak, for the builds without it. */
void __ubsan_on_report(void);
void __ubsan_get_current_report_data(const char **kind, const char **message,
				     const char **file, unsigned *line, unsigned *col,
				     char **address) __attribute__((weak));

void __ubsan_on_report(void)
{
	const char *kind = NULL, *message, *file;
	unsigned line, col;
	char *address;

	if (__ubsan_get_current_report_data)
		__ubsan_get_current_report_data(&kind, &message, &file, &line, &col, &address);
	note_report(SAN_UBSAN, kind, 0);
}

/*
 * WMISHIM_TEST_FAULT, for tests only (tests/cli/guard-*.t): the child
 * faults in wmishim's own code (ours), inside ACPICA's (acpica: one of its
 * functions handed an unreadable name), allocates until an allocation
 * fails (memory), or waits for ever (hang).
 */
static void test_fault(const char *how)
{
	char *bad = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (bad == MAP_FAILED)
		return;
	if (!strcmp(how, "ours")) {
		*(volatile char *)bad = 1;
	} else if (!strcmp(how, "acpica")) {
		/* Through the library's API, the tool's only way in (the
		 * archive exports nothing else): the path goes unread to
		 * acpi_get_handle, which reads it first (nsxfname.c). */
		struct wmishim_host *host;

		if (!wmishim_host_new(&host) && !wmishim_host_load(host))
			wmishim_host_method_writes(host, bad, NULL, 0);
		tool_error("WMISHIM_TEST_FAULT=acpica: no fault");
		exit(EXIT_USAGE);
	} else if (!strcmp(how, "memory")) {
		void **last = NULL, **p;
		size_t n = 0;

		for (; n < 16384 && (p = malloc(1u << 20)); n++) {
			*p = last;
			last = p;
		}
		for (; last; last = p) {
			p = *last;
			free(last);
		}
		if (n == 16384)
			tool_error("WMISHIM_TEST_FAULT=memory: 16 GiB allocated, no limit met");
		else
			tool_error("out of memory");
		exit(EXIT_USAGE);
	} else if (!strcmp(how, "hang")) {
		for (;;)
			pause();
	}
	tool_error("WMISHIM_TEST_FAULT=%s: ours, acpica, memory or hang", how);
	exit(EXIT_USAGE);
}

static void child_setup(struct guard_page *page, unsigned long seconds, unsigned long mb)
{
	stack_t ss;
	const char *fault = getenv("WMISHIM_TEST_FAULT");
	void *warm[1];

	report = page;
	limit_bytes = (size_t)mb << 20;
	/* The unwinder loaded now, not in a signal handler. */
	backtrace(warm, 1);
	/* An alternate stack, unless the sanitizer made one. */
	if (sigaltstack(NULL, &ss) == 0 && (ss.ss_flags & SS_DISABLE)) {
		ss.ss_size = 256u << 10;
		ss.ss_sp = mmap(NULL, ss.ss_size, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ss.ss_flags = 0;
		if (ss.ss_sp != MAP_FAILED)
			sigaltstack(&ss, NULL);
	}
#ifndef GUARD_ASAN
	/* The address space, after the unwinder and the stack are had. */
	{
		rlim_t want = (rlim_t)mb << 20;
		struct rlimit now, rl;

		/* A lower limit from the caller stays. */
		if (getrlimit(RLIMIT_AS, &now) == 0 && now.rlim_cur != RLIM_INFINITY &&
		    now.rlim_cur < want)
			want = now.rlim_cur;
		rl.rlim_cur = rl.rlim_max = want;
		setrlimit(RLIMIT_AS, &rl);
	}
#endif
	for (size_t i = 0; i < sizeof(fatal_signals) / sizeof(fatal_signals[0]); i++) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_sigaction = on_signal;
		sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
		sigemptyset(&sa.sa_mask);
		if (fatal_signals[i] == SIGALRM)
			signal(SIGALRM, SIG_DFL); /* not what the caller had (SIG_IGN?) */
		sigaction(fatal_signals[i], &sa, &before[fatal_signals[i]]);
	}
	alarm((unsigned int)seconds);
	if (fault)
		test_fault(fault);
}

/* ---- the parent's side ------------------------------------------------------------------------ */

/* Where address A is: ACPICA's code, wmishim's own (the rest of the
 * program), or another object (*lib: its file's name). */
static int region(uintptr_t a, const char **lib)
{
	Dl_info info, self;

	*lib = NULL;
	if (!a)
		return AT_UNKNOWN;
	if (in_acpica(a))
		return AT_ACPICA;
	if (!dladdr((void *)a, &info))
		return AT_OTHER;
	if (dladdr((void *)(uintptr_t)region, &self) && info.dli_fbase == self.dli_fbase)
		return AT_OURS;
	if (info.dli_fname) {
		const char *s = strrchr(info.dli_fname, '/');

		*lib = s ? s + 1 : info.dli_fname;
	}
	return AT_OTHER;
}

static int own(uintptr_t a)
{
	const char *lib;
	int at = region(a, &lib);

	return at == AT_ACPICA || at == AT_OURS;
}

/* The first frame from scan_from in wmishim's program (ACPICA or ours).
 * A sanitizer's hook (scan_from -1) is called from the sanitizer's
 * library, itself called from the code at fault: past the frames of the
 * unwinder (the sanitizer intercepts backtrace), of the hook, then of the
 * sanitizer, the first of ours. */
static uintptr_t first_own_frame(const struct guard_page *p)
{
	int i = p->scan_from, n = p->n_frames < MAX_FRAMES ? p->n_frames : MAX_FRAMES;

	if (i < 0) {
		for (i = 0; i < n && !own((uintptr_t)p->frames[i]); i++)
			;
		for (; i < n && own((uintptr_t)p->frames[i]); i++)
			;
	}
	for (; i < n; i++)
		if (own((uintptr_t)p->frames[i]))
			return (uintptr_t)p->frames[i];
	return 0;
}

/* Where the fault was, in words, and whose code it was: AT_ACPICA when it
 * is shown to be the interpreter's, AT_OURS wmishim's, else AT_UNKNOWN. */
static int locate(const struct guard_page *p, char *out, size_t size)
{
	const char *lib = NULL, *via_lib;
	uintptr_t place = p->pc;
	int at, via;

	if (!place) /* a sanitizer without an address: the first frame of ours */
		place = first_own_frame(p);
	at = region(place, &lib);
	if (at == AT_ACPICA) {
		snprintf(out, size, "in ACPICA's code");
		return AT_ACPICA;
	}
	if (at == AT_OURS) {
		snprintf(out, size, "in wmishim's own code, not in the ACPICA interpreter");
		return AT_OURS;
	}
	if (at == AT_UNKNOWN) {
#if defined(__x86_64__)
		snprintf(out, size, "at an unknown place");
#else
		snprintf(out, size, "where, this build cannot tell on this architecture");
#endif
		return AT_UNKNOWN;
	}
	via = region(first_own_frame(p), &via_lib);
	snprintf(out, size, "in %s%s", lib ? lib : "code outside wmishim",
		 via == AT_ACPICA ? ", called from ACPICA's code" :
		 via == AT_OURS ? ", called from wmishim's own code" : "");
	return via == AT_ACPICA || via == AT_OURS ? via : AT_UNKNOWN;
}

static void say_crash(const char *what, const struct guard_page *p, const char *kind,
		      unsigned long mb)
{
	char where[160];
	int who = locate(p, where, sizeof(where));

	/* A failed allocation nobody checked, perhaps. */
	if (p->memory)
		tool_error("%s: an allocation had failed before, at the memory limit of %lu MiB "
			   "(WMISHIM_MEMORY_LIMIT_MB sets the limit)", what, mb);

	if (who == AT_ACPICA)
		tool_error("%s: the ACPICA interpreter crashed on these tables (%s, %s); the "
			   "kernel's copy of ACPICA parses them the same way", what, kind, where);
	else if (who == AT_OURS)
		tool_error("%s: wmishim crashed (%s, %s): a bug in wmishim; please report it, "
			   "with the tables it was given", what, kind, where);
	else
		tool_error("%s: wmishim crashed (%s, %s): a bug in wmishim unless shown "
			   "otherwise; please report it, with the tables it was given", what, kind,
			   where);
}

static void say_time(const char *what, const struct guard_page *p, unsigned long seconds)
{
	const char *lib;
	int at = p->signal == SIGALRM ? region(p->pc, &lib) : AT_UNKNOWN;

	tool_error("%s: stopped at the time limit of %lu s of real time (WMISHIM_TIME_LIMIT_S "
		   "sets it)%s", what, seconds,
		   at == AT_ACPICA ? ", in ACPICA's code: these tables keep the interpreter busy" :
		   at == AT_OURS ? ", in wmishim's own code: a bug in wmishim; please report it, "
				   "with the tables it was given" : "");
}

static void say_memory(const char *what, unsigned long mb)
{
	tool_error("%s: stopped at the memory limit of %lu MiB: an allocation failed "
		   "(WMISHIM_MEMORY_LIMIT_MB sets the limit)", what, mb);
}

/* What ended the child, said; its result when it ended by itself. */
static int verdict(const char *what, const struct guard_page *p, int status,
		   unsigned long seconds, unsigned long mb)
{
	if (p->sanitizer) {
		say_crash(what, p, p->what, mb);
		return TOOL_GUARD_STOPPED;
	}
	if (p->signal == SIGALRM) {
		say_time(what, p, seconds);
		return TOOL_GUARD_STOPPED;
	}
	if (p->signal && p->sent) {
		tool_error("%s: stopped by %s from another process", what, strsignal(p->signal));
		return TOOL_GUARD_STOPPED;
	}
	if (p->signal) {
		say_crash(what, p, strsignal(p->signal), mb);
		return TOOL_GUARD_STOPPED;
	}
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);

		if (sig == SIGALRM)
			say_time(what, p, seconds);
		else if (sig == SIGKILL && p->memory)
			say_memory(what, mb);
		else if (sig == SIGKILL)
			tool_error("%s: killed (SIGKILL) from outside wmishim: by the kernel's "
				   "out-of-memory killer, or by someone", what);
		else if (sig == SIGPIPE)
			; /* the reader of the output went away: nothing to say */
		else if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP || sig == SIGQUIT)
			tool_error("%s: stopped by %s from outside wmishim", what, strsignal(sig));
		else
			say_crash(what, p, strsignal(sig), mb);
		return TOOL_GUARD_STOPPED;
	}
	if (p->memory && (!p->done || p->ret)) {
		say_memory(what, mb);
		return TOOL_GUARD_STOPPED;
	}
	/* A status that is not fn's: something at exit changed it (a leak
	 * checker), or fn never returned (exit() inside). */
	if (!p->done || WEXITSTATUS(status) != (p->ret & 0xff))
		return WEXITSTATUS(status);
	return p->ret;
}

static int env_number(const char *name, unsigned long def, unsigned long max,
		      unsigned long *out)
{
	const char *s = getenv(name);
	char *end;
	unsigned long v;

	*out = def;
	if (!s || !*s)
		return 0;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || s[0] < '0' || s[0] > '9' || v == 0 || v > max) {
		tool_error("%s=%s: give a number from 1 to %lu", name, s, max);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

int tool_guard_write(int fd, const void *data, size_t len)
{
	const uint8_t *p = data;

	while (len) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

/* Everything from fd, until its end, into *out. */
static int collect(int fd, uint8_t **out, size_t *out_len)
{
	uint8_t *buf = NULL, sink[4096];
	size_t n = 0, cap = 0;
	int ret = 0;

	for (;;) {
		ssize_t r;

		if (!ret && n == cap) {
			uint8_t *p = realloc(buf, cap ? cap * 2 : 65536);

			if (p) {
				buf = p;
				cap = cap ? cap * 2 : 65536;
			} else {
				ret = -ENOMEM; /* drained to the end all the same */
			}
		}
		r = ret ? read(fd, sink, sizeof(sink)) : read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r < 0 && !ret)
				ret = -errno;
			break;
		}
		if (!ret)
			n += (size_t)r;
	}
	if (ret) {
		free(buf);
		return ret;
	}
	*out = buf;
	*out_len = n;
	return 0;
}

/* WMISHIM_NO_GUARD=1: in this process (for a debugger), no limits. */
static int run_here(int (*fn)(void *arg, int out_fd), void *arg, uint8_t **out, size_t *out_len)
{
	FILE *f = out ? tmpfile() : NULL;
	int ret;

	if (out && !f) {
		tool_error("cannot make a temporary file: %s", strerror(errno));
		return TOOL_GUARD_STOPPED;
	}
	ret = fn(arg, f ? fileno(f) : -1);
	if (f) {
		if (lseek(fileno(f), 0, SEEK_SET) || collect(fileno(f), out, out_len)) {
			tool_error("cannot read back a temporary file");
			ret = TOOL_GUARD_STOPPED;
		}
		fclose(f);
	}
	return ret;
}

int tool_guard(const char *what, int (*fn)(void *arg, int out_fd), void *arg, uint8_t **out,
	       size_t *out_len)
{
	const char *no = getenv("WMISHIM_NO_GUARD");
	unsigned long seconds, mb;
	struct guard_page *page;
	int fds[2] = { -1, -1 }, status, ret, got = 0;
	pid_t pid;

	if (out) {
		*out = NULL;
		*out_len = 0;
	}
	if (env_number("WMISHIM_TIME_LIMIT_S", TIME_LIMIT_S, 86400, &seconds) ||
	    env_number("WMISHIM_MEMORY_LIMIT_MB", MEMORY_LIMIT_MB, 1ul << 20, &mb))
		return TOOL_GUARD_STOPPED;
	if (no && !strcmp(no, "1"))
		return run_here(fn, arg, out, out_len);
	page = mmap(NULL, sizeof(*page), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED) {
		tool_error("%s: cannot map a page: %s", what, strerror(errno));
		return TOOL_GUARD_STOPPED;
	}
	if (out && pipe2(fds, O_CLOEXEC)) {
		tool_error("%s: cannot make a pipe: %s", what, strerror(errno));
		munmap(page, sizeof(*page));
		return TOOL_GUARD_STOPPED;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		tool_error("%s: cannot start a process: %s", what, strerror(errno));
		if (out) {
			close(fds[0]);
			close(fds[1]);
		}
		munmap(page, sizeof(*page));
		return TOOL_GUARD_STOPPED;
	}
	if (pid == 0) {
		if (out)
			close(fds[0]);
		child_setup(page, seconds, mb);
		ret = fn(arg, fds[1]);
		page->ret = ret;
		page->done = 1;
		exit(ret & 0xff); /* exit, not _exit: stdio flushes */
	}
	if (out) {
		close(fds[1]);
		got = collect(fds[0], out, out_len);
		close(fds[0]);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno == EINTR)
			continue;
		tool_error("%s: cannot wait for its process %d: %s", what, (int)pid, strerror(errno));
		if (out) {
			free(*out);
			*out = NULL;
		}
		munmap(page, sizeof(*page));
		return TOOL_GUARD_STOPPED;
	}
	ret = verdict(what, page, status, seconds, mb);
	munmap(page, sizeof(*page));
	if (out && (got || ret == TOOL_GUARD_STOPPED)) {
		if (got && ret != TOOL_GUARD_STOPPED)
			tool_error("%s: cannot read its result: %s", what, strerror(-got));
		free(*out);
		*out = NULL;
		*out_len = 0;
		if (got)
			ret = TOOL_GUARD_STOPPED;
	}
	return ret;
}
