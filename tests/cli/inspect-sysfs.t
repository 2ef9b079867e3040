# --sysfs: the /sys/bus/wmi/devices entries Linux 6.1 makes, one line each with its attribute files, sorted (the VM tests compare a guest with it)
args: inspect --sysfs ../../build/fixtures/eeepc-vm.aml ../../build/overlays/wmi-testbench/overlay.aml
status: 0
--- stdout
05901221-D566-11D1-B2F0-00A0C9062910 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=0 object_id=MO setable=0
05901221-D566-11D1-B2F0-00A0C9062910-1 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=0 object_id=MO setable=0
466747A0-70EC-11DE-8A39-0800200C9A66 guid=466747A0-70EC-11DE-8A39-0800200C9A66 instance_count=1 expensive=0 object_id=BD
5A5A1000-0000-4000-8000-000000000001 guid=5A5A1000-0000-4000-8000-000000000001 instance_count=1 expensive=0 object_id=AA
5A5A1000-0000-4000-8000-000000000002 guid=5A5A1000-0000-4000-8000-000000000002 instance_count=1 expensive=1 object_id=AB setable=1
5A5A1000-0000-4000-8000-000000000003 guid=5A5A1000-0000-4000-8000-000000000003 instance_count=1 expensive=0 object_id=AC setable=1
5A5A1000-0000-4000-8000-000000000004 guid=5A5A1000-0000-4000-8000-000000000004 instance_count=1 expensive=0 notify_id=D0
97845ED0-4E6D-11DE-8A39-0800200C9A66 guid=97845ED0-4E6D-11DE-8A39-0800200C9A66 instance_count=1 expensive=0 object_id=BC
ABBC0F72-8EA1-11D1-00A0-C90629100000 guid=ABBC0F72-8EA1-11D1-00A0-C90629100000 instance_count=1 expensive=0 notify_id=D2
