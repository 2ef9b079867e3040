# --kernel - is the running kernel, as wmishim kernel - is (here the --root's 6.18, WMISHIM_KERNEL notwithstanding)
args: inspect --live --root ../../build/fakeroot-6.18 --kernel - --sysfs
env: WMISHIM_KERNEL=7.3
status: 0
--- stdout
05901221-D566-11D1-B2F0-00A0C9062910-3 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=0 object_id=MO setable=0
2B814318-4BE8-4707-9D84-A190A859B5D0-5 guid=2B814318-4BE8-4707-9D84-A190A859B5D0 instance_count=1 expensive=0 notify_id=D0
466747A0-70EC-11DE-8A39-0800200C9A66-1 guid=466747A0-70EC-11DE-8A39-0800200C9A66 instance_count=1 expensive=0 object_id=BD
5A5A0101-0000-4000-8000-000000000001-6 guid=5A5A0101-0000-4000-8000-000000000001 instance_count=2 expensive=0 object_id=ST setable=1
5A5A0101-0000-4000-8000-000000000002-7 guid=5A5A0101-0000-4000-8000-000000000002 instance_count=1 expensive=0 object_id=SM
5A5A0101-0000-4000-8000-000000000003-8 guid=5A5A0101-0000-4000-8000-000000000003 instance_count=1 expensive=0 object_id=PK setable=0
5A5A0101-0000-4000-8000-000000000004-9 guid=5A5A0101-0000-4000-8000-000000000004 instance_count=1 expensive=0 object_id=NP setable=0
8F1F6435-9F42-42C8-BADC-0E9424F20C9A-4 guid=8F1F6435-9F42-42C8-BADC-0E9424F20C9A instance_count=1 expensive=0 object_id=AA
97845ED0-4E6D-11DE-8A39-0800200C9A66-0 guid=97845ED0-4E6D-11DE-8A39-0800200C9A66 instance_count=1 expensive=0 object_id=BC
ABBC0F72-8EA1-11D1-00A0-C90629100000-2 guid=ABBC0F72-8EA1-11D1-00A0-C90629100000 instance_count=1 expensive=0 notify_id=D2
