# try: the prediction takes acpi_osi= from --append (acpi_osi=!: the OS vendor strings false), as the guest kernel does
args: try --json --append acpi_osi=! --kernel-image data/try-vmlinuz --modules data/try-modules ../../build/fixtures/eeepc-vm-dsdt.aml
env: WMISHIM_LIBEXECDIR=data/try-kvm-libexec WMISHIM_VM_ACCEL=tcg
status: 6
--- stdout
{
  "kernel": "7.3.4+deb13-amd64",
  "model": "7.3.4",
  "runs": [
    {
      "label": "the firmware",
      "outcome": "booted, DSDT not taken",
      "accel": "tcg", "accel_why": "WMISHIM_VM_ACCEL=tcg", "seconds": 1.0, "override_taken": false,
      "equal_to_prediction": false,
      "devices": [],
      "predicted": ["05901221-D566-11D1-B2F0-00A0C9062910-3 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=0 object_id=MO setable=0", "466747A0-70EC-11DE-8A39-0800200C9A66-1 guid=466747A0-70EC-11DE-8A39-0800200C9A66 instance_count=1 expensive=0 object_id=BD", "97845ED0-4E6D-11DE-8A39-0800200C9A66-0 guid=97845ED0-4E6D-11DE-8A39-0800200C9A66 instance_count=1 expensive=0 object_id=BC", "ABBC0F72-8EA1-11D1-00A0-C90629100000-2 guid=ABBC0F72-8EA1-11D1-00A0-C90629100000 instance_count=1 expensive=0 notify_id=D2"],
      "drivers": [],
      "acpi_devices": [],
      "messages": [],
      "acpi_errors": [],
      "events": [],
      "osi_asked": "\"Windows 2009\" false",
      "console_tail": ""
    }
  ],
  "verdict": {
    "judged": false,
    "gains": []
  }
}
