// SPDX-License-Identifier: GPL-2.0
/*
 * The _OSI strings of the "linux" profile against the linked ACPICA itself.
 * kernel-data.h (src/gen-kdata.sh) reads them from the kernel source's text;
 * here they are compared with what ACPICA installs at start-up, walked
 * through acpi_gbl_supported_interfaces (acpi_default_supported_interfaces[]
 * of drivers/acpi/acpica/utosi.c, as compiled into libacpica), and with what
 * a host on the "linux" profile leaves installed: exactly ACPICA's valid
 * defaults plus the strings drivers/acpi/osi.c turns on.  tests/kdata.sh
 * holds wmishim's answers and table checks to the source the same way.
 */
#include <string.h>

#include <acpi/acpi.h>
#include "accommon.h"

#include "acpica-source.h"
#include "kernel-data.h"
#include "tap.h"
#include "wmishim.h"

#define MAX_NAMES 64
#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static const char *const gen_acpica[] = { WMISHIM_KERNEL_OSI_ACPICA };
static const char *const gen_linux[] = { WMISHIM_KERNEL_OSI_LINUX };

struct names {
	size_t n;
	char name[MAX_NAMES][64];
};

/* The interfaces ACPICA has installed and valid (answers true), in its
 * list's order. */
static void installed(struct names *out)
{
	out->n = 0;
	for (struct acpi_interface_info *i = acpi_gbl_supported_interfaces; i; i = i->next)
		if (!(i->flags & ACPI_OSI_INVALID) && out->n < MAX_NAMES)
			snprintf(out->name[out->n++], sizeof(out->name[0]), "%s", i->name);
}

static int has(const struct names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->name[i], name) == 0)
			return 1;
	return 0;
}

static int listed(const char *const *list, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

/* A DSDT of a header only: enough to load. */
static const uint8_t empty_dsdt[36] = {
	'D', 'S', 'D', 'T', 36, 0, 0, 0, 2, 0, 'W', 'M', 'I', 'S', 'H', 'M',
	'K', 'D', 'A', 'T', 'A', ' ', ' ', ' ', 1, 0, 0, 0, 'W', 'M', 'S', 'H', 1, 0, 0, 0
};

int main(void)
{
	const size_t n_acpica = LEN(gen_acpica), n_linux = LEN(gen_linux);
	struct wmishim_host *host;
	struct names defaults, linux_profile;
	const struct wmishim_kernel *k;
	char note[160], release[32];
	uint8_t dsdt[sizeof(empty_dsdt)];
	unsigned sum = 0;
	int same;

	/* ACPICA alone: what it installs before anyone changes it. */
	if (!ok(wmishim_host_new(&host) == 0, "a host (its OS layer)"))
		return done_testing();
	if (!ok(ACPI_SUCCESS(acpi_initialize_subsystem()), "ACPICA starts"))
		return done_testing();
	installed(&defaults);
	acpi_terminate();
	wmishim_host_free(host);

	is_int(defaults.n, n_acpica, "as many valid default _OSI strings in ACPICA as kernel-data.h names");
	same = defaults.n == n_acpica;
	for (size_t i = 0; same && i < n_acpica; i++)
		same = strcmp(defaults.name[i], gen_acpica[i]) == 0;
	if (!ok(same, "kernel-data.h's ACPICA strings are ACPICA's valid defaults, in order")) {
		for (size_t i = 0; i < defaults.n; i++)
			diag("  ACPICA: \"%s\"%s", defaults.name[i],
			     listed(gen_acpica, n_acpica, defaults.name[i]) ? "" : " (not in kernel-data.h)");
		for (size_t i = 0; i < n_acpica; i++)
			if (!has(&defaults, gen_acpica[i]))
				diag("  kernel-data.h: \"%s\" (not valid in ACPICA)", gen_acpica[i]);
	}
	for (size_t i = 0; i < n_linux; i++)
		ok(!has(&defaults, gen_linux[i]), "\"%s\" (drivers/acpi/osi.c) is not on by default in ACPICA",
		   gen_linux[i]);

	/* The "linux" profile of the model of the kernel the linked ACPICA
	 * comes from ("Linux 7.3.4's source"): ACPICA's defaults and osi.c's,
	 * nothing else. */
	/* (the release alone: "7.3.4", before "'s source") */
	snprintf(release, sizeof(release), "%.*s",
		 (int)strspn(WMISHIM_ACPICA_SOURCE + (strncmp(WMISHIM_ACPICA_SOURCE, "Linux ", 6) ? 0 : 6),
			     "0123456789."),
		 WMISHIM_ACPICA_SOURCE + 6);
	if (strncmp(WMISHIM_ACPICA_SOURCE, "Linux ", 6) != 0 ||
	    wmishim_kernel_pick(release, &k, note, sizeof(note)) || note[0]) {
		skip("the linked ACPICA's kernel has no model of its own (%s): its linux profile "
		     "is not compared", WMISHIM_ACPICA_SOURCE);
		return done_testing();
	}
	memcpy(dsdt, empty_dsdt, sizeof(dsdt));
	for (size_t i = 0; i < sizeof(dsdt); i++)
		sum += dsdt[i];
	dsdt[9] = (uint8_t)(0x100 - (sum & 0xff));
	if (!ok(wmishim_host_new(&host) == 0 && wmishim_host_set_kernel(host, k) == 0 &&
		wmishim_host_set_osi(host, "linux") == 0 &&
		wmishim_host_add_table(host, dsdt, sizeof(dsdt)) == 0 &&
		wmishim_host_load(host) == 0, "a host on Linux %s's linux profile loads an empty DSDT",
		k->name))
		return done_testing();
	installed(&linux_profile);
	wmishim_host_free(host);
	is_int(linux_profile.n, n_acpica + n_linux, "linux profile: %zu + %zu strings answer true",
	       n_acpica, n_linux);
	same = 1;
	for (size_t i = 0; i < linux_profile.n; i++)
		if (!listed(gen_acpica, n_acpica, linux_profile.name[i]) &&
		    !listed(gen_linux, n_linux, linux_profile.name[i])) {
			diag("  linux profile: \"%s\" is neither ACPICA's nor osi.c's", linux_profile.name[i]);
			same = 0;
		}
	for (size_t i = 0; i < defaults.n; i++)
		if (!has(&linux_profile, defaults.name[i])) {
			diag("  linux profile: ACPICA's \"%s\" is missing", defaults.name[i]);
			same = 0;
		}
	for (size_t i = 0; i < n_linux; i++)
		if (!has(&linux_profile, gen_linux[i])) {
			diag("  linux profile: osi.c's \"%s\" is missing", gen_linux[i]);
			same = 0;
		}
	ok(same, "linux profile: exactly ACPICA's valid defaults and osi.c's strings");
	return done_testing();
}
