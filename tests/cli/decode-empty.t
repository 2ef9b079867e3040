# no entries at all
args: decode data/empty.wdg
status: 0
--- stdout
_WDG: 0 bytes, 0 blocks
warning WDG_EMPTY: _WDG is empty: the device exposes no blocks
0 errors, 1 warning, 0 info
