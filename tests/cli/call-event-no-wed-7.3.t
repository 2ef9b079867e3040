# an event of a block on a device without _WED, and what a bound driver's handler is handed on Linux 7.3 (the VM suite's history scenario sees it)
env: WMISHIM_KERNEL=7.3
args: call ../../build/fixtures/vm-history.aml --guid 76E9027C-95D0-4180-8692-DA6747DD1C2D --event
status: 0
--- stdout
event: Notify (\_SB_.HIS2, 0xD2)
  event: Notify (\_SB_.HIS2, 0xD2) -> block 76E9027C-95D0-4180-8692-DA6747DD1C2D: no _WED, none asked (WMI_NO_EVENT_DATA)
    driver gets: 0 bytes (Linux 7.3: notify_new(); notify(): NULL; a driver that sets min_event_size is refused this block)
    GUID-based handler gets: NULL (Linux 7.3)
