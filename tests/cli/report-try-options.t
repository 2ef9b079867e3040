# report: -o, --with, --shard, --timeout, --cache-max and --cache-max-age are --try's; --merge takes none of them
args: report -o lines.jsonl ../../build/fleet/eeepc
status: 2
stderr: --with, --shard, -o, --timeout, --cache-max and --cache-max-age go with --try
--- stdout
