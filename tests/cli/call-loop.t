# While (One) ends on the virtual clock with AE_AML_LOOP_TIMEOUT
args: call ../../build/fixtures/smoke.aml --eval \_SB.WMI1.SPIN
status: 1
stderr: evaluating \_SB.WMI1.SPIN: AE_AML_LOOP_TIMEOUT
--- stdout
evaluate \_SB.WMI1.SPIN
  failed: AE_AML_LOOP_TIMEOUT
