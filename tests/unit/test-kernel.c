// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel models (src/kernel.c): which model a release gets, and what
 * each says, as the sources the models name do.
 */
#include <string.h>

#include "tap.h"
#include "wmishim.h"

static const char *pick(const char *release, char *note, size_t size)
{
	const struct wmishim_kernel *k = NULL;

	if (wmishim_kernel_pick(release, &k, note, size))
		return "refused";
	return k->name;
}

int main(void)
{
	const struct wmishim_kernel *m;
	char note[160];
	size_t n;

	m = wmishim_kernel_models(&n);
	is_int((int)n, 3, "three models");
	is_str(m[0].name, "6.1", "oldest first: 6.1");
	is_str(m[1].name, "6.12", "then 6.12");
	is_str(m[2].name, "7.3", "then 7.3");
	ok(wmishim_kernel_default() == &m[0], "the default is the oldest");

	is_str(pick("6.1", note, sizeof(note)), "6.1", "6.1 is 6.1");
	is_str(note, "", "  without a note");
	is_str(pick("6.1.0-28-amd64", note, sizeof(note)), "6.1", "Debian 12's uname -r");
	is_str(pick("6.12.118+deb12-amd64", note, sizeof(note)), "6.12", "Debian's 6.12");
	is_str(note, "", "  without a note");
	is_str(pick("7.3.4+deb13-amd64", note, sizeof(note)), "7.3", "Debian 13's backports");
	is_str(pick("6.2", note, sizeof(note)), "6.1", "6.2: the model before it");
	ok(strstr(note, "Linux 6.2 has no model of its own") != NULL, "  said: %s", note);
	is_str(pick("6.18.44-fc", note, sizeof(note)), "6.12", "6.18: 6.12");
	is_str(pick("7.10", note, sizeof(note)), "7.3", "7.10 is newer than 7.3, not older");
	is_str(pick("8.0", note, sizeof(note)), "7.3", "8.0: the newest model");
	is_str(pick("5.10.0-33-amd64", note, sizeof(note)), "6.1", "5.10: the oldest");
	ok(strstr(note, "older than any model") != NULL, "  said: %s", note);
	is_str(pick("6", note, sizeof(note)), "refused", "\"6\" is no release");
	is_str(pick("six", note, sizeof(note)), "refused", "\"six\" neither");
	is_str(pick("", note, sizeof(note)), "refused", "nor \"\"");
	is_str(pick("6.1x", note, sizeof(note)), "refused", "nor \"6.1x\"");

	/* What the models say, each from its kernel's source. */
	ok(m[0].drops_duplicates && !m[1].drops_duplicates && !m[2].drops_duplicates,
	   "only 6.1 drops a GUID seen on another device (parse_wdg)");
	ok(!m[0].method_needs_wmxx && m[1].method_needs_wmxx && m[2].method_needs_wmxx,
	   "6.12 and 7.3 make no device for a method block without WMxx");
	ok(m[0].legacy_device_names && m[1].legacy_device_names && !m[2].legacy_device_names,
	   "7.3 (Debian's configuration) names every device GUID-ID");
	ok(!m[0].legacy_names_option && !m[1].legacy_names_option && m[2].legacy_names_option,
	   "only 7.3 has CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES (drivers/platform/wmi/Kconfig)");
	ok(!m[0].marshals && !m[1].marshals && m[2].marshals, "only 7.3 marshals");
	for (size_t i = 0; i < n; i++)
		ok(m[i].wmi_core && strstr(m[i].wmi_core, "drivers/platform/") && m[i].acpica &&
		   strlen(m[i].acpica) == 8, "%s names its WMI core (%s) and ACPICA (%s)",
		   m[i].name, m[i].wmi_core, m[i].acpica);
	return done_testing();
}
