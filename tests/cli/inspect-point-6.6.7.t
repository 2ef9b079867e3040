# 6.6.7 took the zero-instance skip (cbf54f37600e): HIS1's block of 0 instances has no device
args: inspect --kernel 6.6.7 --sysfs ../../build/fixtures/vm-history.aml
status: 0
--- stdout
05901221-D566-11D1-B2F0-00A0C9062910 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=1 object_id=MO setable=0
05901221-D566-11D1-B2F0-00A0C9062910-1 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=0 object_id=MP setable=0
26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 guid=26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 instance_count=1 expensive=0 notify_id=D1
284A0E6B-380E-472A-921F-E52786257FB4 guid=284A0E6B-380E-472A-921F-E52786257FB4 instance_count=1 expensive=0 notify_id=D7
409B028D-F06B-4C7C-8BBB-EE133A6BD87E guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E instance_count=1 expensive=0 notify_id=D0
56322276-8493-4CE8-A783-98C991274F5E guid=56322276-8493-4CE8-A783-98C991274F5E instance_count=1 expensive=0 notify_id=D3
5A5A2400-0000-4000-8000-000000000002 guid=5A5A2400-0000-4000-8000-000000000002 instance_count=1 expensive=0 object_id=NM
5A5A2400-0000-4000-8000-000000000003 guid=5A5A2400-0000-4000-8000-000000000003 instance_count=1 expensive=0 notify_id=D6
5A5A2400-0000-4000-8000-000000000004 guid=5A5A2400-0000-4000-8000-000000000004 instance_count=1 expensive=1 object_id=PS setable=1
76E9027C-95D0-4180-8692-DA6747DD1C2D guid=76E9027C-95D0-4180-8692-DA6747DD1C2D instance_count=1 expensive=0 notify_id=D2
86CCFD48-205E-4A77-9C48-2021CBEDE341 guid=86CCFD48-205E-4A77-9C48-2021CBEDE341 instance_count=1 expensive=0 object_id=TB
