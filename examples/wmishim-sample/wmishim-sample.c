// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wmishim-sample: a WMI driver written to the driver development guide of
 * Linux 7.3 (Documentation/wmi/driver-development-guide.rst), bound to the
 * blocks of wmishim's test bench (overlays/wmi-testbench/testbench.spec).
 *
 * Two WMI drivers, as the guide advises for an event device beside a
 * method or data block device:
 *  - wmishim-sample binds the method block AA and the data blocks AB and
 *    AC: sysfs attributes level, calls and raise on the method block, data
 *    on each data block;
 *  - wmishim-sample-event binds the event block D0 and reports its events
 *    as key presses through an input device with a sparse keymap.
 *
 * Every exchange with the firmware is logged with dev_dbg() in one form
 * (enable it with dyndbg=+p), LEN the buffer's length in bytes, HEX its
 * bytes (at most the first 64, what printk's %*phN prints):
 *   probe ROLE
 *   method ID in LEN:HEX out LEN:HEX     or  method ID in LEN:HEX error ERRNO
 *   query out LEN:HEX                    or  query error ERRNO
 *   set in LEN:HEX                       or  set in LEN:HEX error ERRNO
 *   event LEN:HEX key KEYCODE            or  event LEN:HEX unknown
 */

#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/hex.h>
#include <linux/input.h>
#include <linux/input/sparse-keymap.h>
#include <linux/kstrtox.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <linux/wmi.h>

/* The test bench's GUIDs (testbench.spec): point these at your own. */
#define SAMPLE_METHOD_GUID	"5A5A1000-0000-4000-8000-000000000001"
#define SAMPLE_DATA_GUID	"5A5A1000-0000-4000-8000-000000000002"
#define SAMPLE_STRING_GUID	"5A5A1000-0000-4000-8000-000000000003"
#define SAMPLE_EVENT_GUID	"5A5A1000-0000-4000-8000-000000000004"

/* The method ids of the test bench's WMAA (overlay.asl) */
#define SAMPLE_METHOD_ECHO	1
#define SAMPLE_METHOD_RAISE	2
#define SAMPLE_METHOD_CALLS	3

/* The most bytes a sysfs write takes, and the most the log shows */
#define SAMPLE_MAX_BYTES	64

enum sample_role {
	SAMPLE_ROLE_METHOD,
	SAMPLE_ROLE_DATA,
};

/* What the id table says of each block: its role and the least it returns */
struct sample_block {
	enum sample_role role;
	size_t min_size;
	const char *name;
};

static const struct sample_block sample_method_block = {
	.role = SAMPLE_ROLE_METHOD,
	.min_size = sizeof(__le32),
	.name = "method",
};

static const struct sample_block sample_data_block = {
	.role = SAMPLE_ROLE_DATA,
	.min_size = sizeof(__le32),
	.name = "data",
};

static const struct sample_block sample_string_block = {
	.role = SAMPLE_ROLE_DATA,
	.min_size = sizeof(struct wmi_string),
	.name = "string",
};

/* The state container of one bound method or data block */
struct sample_priv {
	struct wmi_device *wdev;
	const struct sample_block *block;
	struct mutex lock;	/* one firmware call at a time; protects level */
	u32 level;
};

static int sample_log_len(size_t length)
{
	return min_t(size_t, length, SAMPLE_MAX_BYTES);
}

static int sample_parse_hex(const char *buf, size_t count, u8 *bytes, size_t *length)
{
	if (count && buf[count - 1] == '\n')
		count--;
	if (count % 2 || count / 2 > SAMPLE_MAX_BYTES)
		return -EINVAL;
	if (hex2bin(bytes, buf, count / 2))
		return -EINVAL;
	*length = count / 2;

	return 0;
}

static ssize_t sample_emit_hex(char *buf, const struct wmi_buffer *data)
{
	const u8 *bytes = data->data;
	int len = 0;
	size_t i;

	for (i = 0; i < data->length; i++)
		len += sysfs_emit_at(buf, len, "%02x", bytes[i]);
	len += sysfs_emit_at(buf, len, "\n");

	return len;
}

static int sample_invoke(struct sample_priv *priv, u32 method_id, void *in, size_t in_length,
			 size_t min_size, struct wmi_buffer *out)
{
	const struct wmi_buffer input = { .length = in_length, .data = in };
	struct device *dev = &priv->wdev->dev;
	int ret;

	lockdep_assert_held(&priv->lock);

	ret = wmidev_invoke_method(priv->wdev, 0, method_id, &input, out, min_size);
	if (ret < 0) {
		dev_dbg(dev, "method %u in %zu:%*phN error %d\n", method_id, in_length,
			sample_log_len(in_length), in, ret);
		return ret;
	}
	dev_dbg(dev, "method %u in %zu:%*phN out %zu:%*phN\n", method_id, in_length,
		sample_log_len(in_length), in, out->length, sample_log_len(out->length),
		out->data);

	return 0;
}

static ssize_t level_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct sample_priv *priv = dev_get_drvdata(dev);

	guard(mutex)(&priv->lock);

	return sysfs_emit(buf, "%u\n", priv->level);
}

/* A new level goes through the firmware: the level is what the echo returns. */
static ssize_t level_store(struct device *dev, struct device_attribute *attr, const char *buf,
			   size_t count)
{
	struct sample_priv *priv = dev_get_drvdata(dev);
	struct wmi_buffer out;
	__le32 in;
	u32 value;
	int ret;

	ret = kstrtou32(buf, 0, &value);
	if (ret < 0)
		return ret;

	in = cpu_to_le32(value);
	guard(mutex)(&priv->lock);
	ret = sample_invoke(priv, SAMPLE_METHOD_ECHO, &in, sizeof(in), sizeof(__le32), &out);
	if (ret < 0)
		return ret;

	/* At least 4 bytes (min_size), aligned on 8: a larger result is accepted. */
	priv->level = le32_to_cpup(out.data);
	kfree(out.data);

	return count;
}
static DEVICE_ATTR_RW(level);

static ssize_t calls_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct sample_priv *priv = dev_get_drvdata(dev);
	struct wmi_buffer out;
	u8 none = 0;
	u32 calls;
	int ret;

	scoped_guard(mutex, &priv->lock) {
		ret = sample_invoke(priv, SAMPLE_METHOD_CALLS, &none, 0, sizeof(__le32), &out);
		if (ret < 0)
			return ret;
	}

	calls = le32_to_cpup(out.data);
	kfree(out.data);

	return sysfs_emit(buf, "%u\n", calls);
}
static DEVICE_ATTR_RO(calls);

/* The bytes written are the data of the event the firmware raises. */
static ssize_t raise_store(struct device *dev, struct device_attribute *attr, const char *buf,
			   size_t count)
{
	struct sample_priv *priv = dev_get_drvdata(dev);
	u8 bytes[SAMPLE_MAX_BYTES];
	struct wmi_buffer out;
	size_t length;
	int ret;

	ret = sample_parse_hex(buf, count, bytes, &length);
	if (ret < 0)
		return ret;

	guard(mutex)(&priv->lock);
	ret = sample_invoke(priv, SAMPLE_METHOD_RAISE, bytes, length, 0, &out);
	if (ret < 0)
		return ret;

	kfree(out.data);

	return count;
}
static DEVICE_ATTR_WO(raise);

static ssize_t data_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct sample_priv *priv = dev_get_drvdata(dev);
	struct wmi_buffer out;
	ssize_t len;
	int ret;

	scoped_guard(mutex, &priv->lock) {
		ret = wmidev_query_block(priv->wdev, 0, &out, priv->block->min_size);
		if (ret < 0) {
			dev_dbg(dev, "query error %d\n", ret);
			return ret;
		}
	}
	dev_dbg(dev, "query out %zu:%*phN\n", out.length, sample_log_len(out.length), out.data);

	len = sample_emit_hex(buf, &out);
	kfree(out.data);

	return len;
}

static ssize_t data_store(struct device *dev, struct device_attribute *attr, const char *buf,
			  size_t count)
{
	struct sample_priv *priv = dev_get_drvdata(dev);
	u8 bytes[SAMPLE_MAX_BYTES];
	struct wmi_buffer in;
	size_t length;
	int ret;

	ret = sample_parse_hex(buf, count, bytes, &length);
	if (ret < 0)
		return ret;

	in.length = length;
	in.data = bytes;
	scoped_guard(mutex, &priv->lock)
		ret = wmidev_set_block(priv->wdev, 0, &in);
	if (ret < 0) {
		dev_dbg(dev, "set in %zu:%*phN error %d\n", length, sample_log_len(length), bytes,
			ret);
		return ret;
	}
	dev_dbg(dev, "set in %zu:%*phN\n", length, sample_log_len(length), bytes);

	return count;
}
static DEVICE_ATTR_RW(data);

static struct attribute *sample_attrs[] = {
	&dev_attr_level.attr,
	&dev_attr_calls.attr,
	&dev_attr_raise.attr,
	&dev_attr_data.attr,
	NULL
};

/* The method block gets level, calls and raise; a data block gets data. */
static umode_t sample_attr_is_visible(struct kobject *kobj, struct attribute *attr, int n)
{
	struct sample_priv *priv = dev_get_drvdata(kobj_to_dev(kobj));
	bool method = priv->block->role == SAMPLE_ROLE_METHOD;

	if (attr == &dev_attr_data.attr)
		return method ? 0 : attr->mode;

	return method ? attr->mode : 0;
}

static const struct attribute_group sample_group = {
	.attrs = sample_attrs,
	.is_visible = sample_attr_is_visible,
};
__ATTRIBUTE_GROUPS(sample);

static int sample_probe(struct wmi_device *wdev, const void *context)
{
	const struct sample_block *block = context;
	struct device *dev = &wdev->dev;
	struct sample_priv *priv;
	int ret;

	if (!block)
		return -EINVAL;

	priv = devm_kzalloc(dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;

	ret = devm_mutex_init(dev, &priv->lock);
	if (ret < 0)
		return ret;

	priv->wdev = wdev;
	priv->block = block;
	dev_set_drvdata(dev, priv);
	dev_dbg(dev, "probe %s\n", block->name);

	return 0;
}

static const struct wmi_device_id sample_id_table[] = {
	{ SAMPLE_METHOD_GUID, &sample_method_block },
	{ SAMPLE_DATA_GUID, &sample_data_block },
	{ SAMPLE_STRING_GUID, &sample_string_block },
	{ }
};
MODULE_DEVICE_TABLE(wmi, sample_id_table);

static struct wmi_driver sample_driver = {
	.driver = {
		.name = "wmishim-sample",
		.probe_type = PROBE_PREFER_ASYNCHRONOUS,
		.dev_groups = sample_groups,
	},
	.id_table = sample_id_table,
	.probe = sample_probe,
	.no_singleton = true,
};

/* The event block: its data is a __le32 event code, mapped to a key. */
struct sample_event {
	struct input_dev *input;
	struct mutex lock;	/* one key press (down, up) at a time */
};

static const struct key_entry sample_keymap[] = {
	{ KE_KEY, 0x01, { KEY_PROG1 } },
	{ KE_KEY, 0x02, { KEY_PROG2 } },
	{ KE_KEY, 0x5D, { KEY_PROG3 } },
	{ KE_END, 0 }
};

static int sample_event_probe(struct wmi_device *wdev, const void *context)
{
	struct device *dev = &wdev->dev;
	struct sample_event *priv;
	int ret;

	priv = devm_kzalloc(dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;

	ret = devm_mutex_init(dev, &priv->lock);
	if (ret < 0)
		return ret;

	priv->input = devm_input_allocate_device(dev);
	if (!priv->input)
		return -ENOMEM;

	priv->input->name = "wmishim sample keys";
	priv->input->phys = devm_kasprintf(dev, GFP_KERNEL, "%s/input0", dev_name(dev));
	if (!priv->input->phys)
		return -ENOMEM;
	priv->input->id.bustype = BUS_HOST;

	ret = sparse_keymap_setup(priv->input, sample_keymap, NULL);
	if (ret < 0)
		return ret;

	dev_set_drvdata(dev, priv);

	ret = input_register_device(priv->input);
	if (ret < 0)
		return ret;

	dev_dbg(dev, "probe event\n");

	return 0;
}

/* The core has rejected events shorter than min_event_size; longer ones are taken. */
static void sample_event_notify(struct wmi_device *wdev, const struct wmi_buffer *data)
{
	struct sample_event *priv = dev_get_drvdata(&wdev->dev);
	const struct key_entry *key;
	u32 code = le32_to_cpup(data->data);

	guard(mutex)(&priv->lock);

	key = sparse_keymap_entry_from_scancode(priv->input, code);
	if (!key) {
		dev_dbg(&wdev->dev, "event %zu:%*phN unknown\n", data->length,
			sample_log_len(data->length), data->data);
		return;
	}
	dev_dbg(&wdev->dev, "event %zu:%*phN key %u\n", data->length,
		sample_log_len(data->length), data->data, key->keycode);
	sparse_keymap_report_entry(priv->input, key, 1, true);
}

static const struct wmi_device_id sample_event_id_table[] = {
	{ SAMPLE_EVENT_GUID, NULL },
	{ }
};
MODULE_DEVICE_TABLE(wmi, sample_event_id_table);

static struct wmi_driver sample_event_driver = {
	.driver = {
		.name = "wmishim-sample-event",
		.probe_type = PROBE_PREFER_ASYNCHRONOUS,
	},
	.id_table = sample_event_id_table,
	.probe = sample_event_probe,
	.notify_new = sample_event_notify,
	.min_event_size = sizeof(__le32),
	.no_singleton = true,
};

static int __init sample_init(void)
{
	int ret;

	ret = wmi_driver_register(&sample_driver);
	if (ret < 0)
		return ret;

	ret = wmi_driver_register(&sample_event_driver);
	if (ret < 0)
		wmi_driver_unregister(&sample_driver);

	return ret;
}
module_init(sample_init);

static void __exit sample_exit(void)
{
	wmi_driver_unregister(&sample_event_driver);
	wmi_driver_unregister(&sample_driver);
}
module_exit(sample_exit);

MODULE_DESCRIPTION("WMI sample driver for wmishim's test bench");
MODULE_LICENSE("GPL");
