# try: the tables or --live, not both, not neither
args: try -q
status: 2
stderr: try: give the machine's tables (INPUT...) or --live
--- stdout
