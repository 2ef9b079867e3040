/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for <linux/kmemleak.h>, which the kernel's utobject.c
 * includes.  There is no kmemleak outside the kernel: the hint does nothing.
 */
#ifndef WMISHIM_COMPAT_KMEMLEAK_H
#define WMISHIM_COMPAT_KMEMLEAK_H
#define kmemleak_not_leak(ptr) do { (void)(ptr); } while (0)
#endif
