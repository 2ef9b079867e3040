# a mistyped command: the closest one named, on one line (every command was listed, none suggested)
args: chek ../../build/fixtures/eeepc-1201nl.aml
status: 2
stderr: wmishim: unknown command 'chek': did you mean check?
stderr-lines: 1
--- stdout
