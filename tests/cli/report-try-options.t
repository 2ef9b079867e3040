# report: -o, --with, --shard and --timeout are --try's; --merge takes none of them
args: report -o lines.jsonl ../../build/fleet/eeepc
status: 2
stderr: --with, --shard, -o and --timeout go with --try
--- stdout
