# report --merge reads lines: --try (a run's option) refused with it
args: report --merge --try data/report-compare-long.jsonl
status: 2
stderr: --merge reads the kernels from the lines: no --kernel, --try, --with, --shard, -o, --timeout, --cache-max or --cache-max-age
--- stdout
