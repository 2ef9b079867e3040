# Binary MOF blocks that give no blob: not a Buffer, no WQxx, a method block, not a Binary MOF
args: mof ../../build/fixtures/mof-broken.aml
status: 1
stderr: Binary MOF is not a buffer
--- stdout
// \_SB_.WMI1 _WDG[0] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910): WQMO
// WQMO gives an Integer, not a Buffer: wmi-bmof refuses it ("Binary MOF is not a buffer")

// \_SB_.WMI2 _WDG[0] 05901221-D566-11D1-B2F0-00A0C9062910 (no device: no query method (WQxx)): WQMO
// no WQMO

// \_SB_.WMI3 _WDG[0] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-1)
// a method block, not a data block: nothing queries it

// \_SB_.WMI4 _WDG[0] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-2): WQMO
// Binary MOF: no DS-01 stream after the header

// 4 Binary MOF blobs: 0 decoded whole, 0 in part, 4 failed
