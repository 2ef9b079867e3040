# no tables
args: call --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --query
status: 2
stderr: no input
--- stdout
