import { describe, expect, it } from 'vitest';
import { bulkOutEndpoint, type UsbInterface } from './device-printer';

describe('bulkOutEndpoint (where a USB receipt printer takes its bytes)', () => {
  it('is the printer interface’s bulk OUT endpoint, not its IN endpoint', () => {
    // A typical 80 mm printer: one printer-class interface, bulk IN 0x81 and bulk OUT 0x02.
    const printer: UsbInterface[] = [
      {
        interfaceNumber: 0,
        alternates: [
          {
            endpoints: [
              { endpointNumber: 1, direction: 'in', type: 'bulk' },
              { endpointNumber: 2, direction: 'out', type: 'bulk' },
            ],
          },
        ],
      },
    ];
    expect(bulkOutEndpoint(printer)).toEqual({ iface: 0, endpoint: 2 });
  });

  it('skips an interface without one (a HID button, a vendor channel that only answers)', () => {
    const interfaces: UsbInterface[] = [
      {
        interfaceNumber: 0,
        alternates: [{ endpoints: [{ endpointNumber: 1, direction: 'in', type: 'interrupt' }] }],
      },
      {
        interfaceNumber: 1,
        alternates: [{ endpoints: [{ endpointNumber: 3, direction: 'out', type: 'bulk' }] }],
      },
    ];
    expect(bulkOutEndpoint(interfaces)).toEqual({ iface: 1, endpoint: 3 });
  });

  it('is none for a device that cannot print (a keyboard, a scanner)', () => {
    const keyboard: UsbInterface[] = [
      {
        interfaceNumber: 0,
        alternates: [{ endpoints: [{ endpointNumber: 1, direction: 'in', type: 'interrupt' }] }],
      },
    ];
    expect(bulkOutEndpoint(keyboard)).toBeNull();
    expect(bulkOutEndpoint([])).toBeNull();
  });
});
