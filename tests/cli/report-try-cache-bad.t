# report --cache-max SIZE: bytes, or a number and K, M or G; refused otherwise
args: report --try --kernel 7.3 --cache-max 2T ../../build/fleet/eeepc
status: 2
stderr: --cache-max 2T: bytes, or a number and K, M or G (e.g. 2G)
--- stdout
