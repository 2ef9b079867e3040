# report --shard I/N: 1 <= I <= N, refused otherwise
args: report --try --kernel 7.3 --shard 3/2 ../../build/fleet/eeepc
status: 2
stderr: --shard 3/2: I/N, 1 <= I <= N (e.g. 2/8)
--- stdout
