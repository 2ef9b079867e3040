# an event of a block on a device without _WED, and what a bound driver's handler is handed on Linux 6.12 (the VM suite's history scenario sees it)
env: WMISHIM_KERNEL=6.12
args: call ../../build/fixtures/vm-history.aml --guid 76E9027C-95D0-4180-8692-DA6747DD1C2D --event
status: 0
--- stdout
event: Notify (\_SB_.HIS2, 0xD2)
  event: Notify (\_SB_.HIS2, 0xD2) -> block 76E9027C-95D0-4180-8692-DA6747DD1C2D: no _WED, none asked (WMI_NO_EVENT_DATA)
    driver gets: NULL (Linux 6.12; a driver that wants event data is refused this block)
    GUID-based handler gets: NULL (Linux 6.12)
