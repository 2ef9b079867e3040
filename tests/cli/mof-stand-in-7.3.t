# two devices' 8-byte stand-ins (GUID-ID names on 7.3)
args: mof ../../build/fixtures/check-duplicate-guid.aml
status: 1
stderr: shorter than its 16-byte header
env: WMISHIM_KERNEL=7.3
--- stdout
// \_SB_.WMI1 _WDG[1] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-1): WQMO
// Binary MOF: shorter than its 16-byte header

// \_SB_.WMI2 _WDG[1] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-3): WQMO
// Binary MOF: shorter than its 16-byte header

// 2 Binary MOF blobs: 0 decoded whole, 0 in part, 2 failed
