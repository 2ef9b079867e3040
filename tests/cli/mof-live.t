# this machine's tables (a fake root: the Eee PC's WQMO gives an 8-byte stand-in)
args: mof --live --root ../../build/fakeroot
status: 1
stderr: shorter than its 16-byte header
--- stdout
// \_SB_.AMW0 _WDG[3] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910): WQMO
// Binary MOF: shorter than its 16-byte header

// 1 Binary MOF blob: 0 decoded whole, 0 in part, 1 failed
