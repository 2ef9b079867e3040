Name (_WDG, Buffer (0x10014)  // 65556 bytes: 20 more than wmishim decode reads
{
    0xD0, 0x5E, 0x84, 0x97
})
