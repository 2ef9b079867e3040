# report --merge --json: lines holding raw UTF-8 (a C1 control among it) and raw control characters print back as printable ASCII, their strings' characters as JSON's \u escapes
args: report --merge --json data/report-raw.jsonl
status: 1
--- stdout
{"machine": "fleet/c1", "status": "failed", "failure": "crash", "why": "caf\u00e9 \u009b2J"}
{"machine": "fleet/raw\u001b]0;owned\u0007", "status": "failed", "failure": "crash", "why": "a\tb"}
