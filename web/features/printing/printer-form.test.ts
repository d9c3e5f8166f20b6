import { describe, expect, it } from 'vitest';
import { PRINTING_TEXT } from '../../../shared/schemas/printing.schemas';
import { printerBody, printerFormValues } from './printer-form';

describe('printer form', () => {
  it('sends a network printer with its address and port as numbers', () => {
    const values = {
      ...printerFormValues(null),
      name: 'Counter',
      host: '192.168.1.50',
      port: '9100',
    };
    expect(printerBody(values).body).toEqual({
      name: 'Counter',
      paperWidth: 80,
      connection: 'network',
      host: '192.168.1.50',
      port: 9100,
      printsBills: true,
      printsKots: false,
      kotStationIds: [],
      copies: 1,
      cashDrawer: false,
    });
  });

  it('asks a network printer for its IP address, under the host field', () => {
    const values = { ...printerFormValues(null), name: 'Counter' };
    expect(printerBody(values).errors).toEqual({ host: PRINTING_TEXT.hostRequired });
  });

  it('leaves the address out of a device printer and the stations out when it prints no KOTs', () => {
    const values = {
      ...printerFormValues(null),
      name: 'Bar',
      connection: 'usb' as const,
      host: '10.0.0.9',
      kotStationIds: ['0190f5c0-0000-7000-8000-000000000001'],
    };
    const { body } = printerBody(values);
    expect(body).toMatchObject({ connection: 'usb', host: '', kotStationIds: [] });
  });

  it('refuses a port out of range and six copies with the API’s messages', () => {
    const values = {
      ...printerFormValues(null),
      name: 'Counter',
      host: '192.168.1.50',
      port: '70000',
      copies: 6,
    };
    expect(printerBody(values).errors).toEqual({
      port: PRINTING_TEXT.port,
      copies: PRINTING_TEXT.copies,
    });
  });

  it('asks for the IP address together with the other missing fields', () => {
    const values = { ...printerFormValues(null), name: '' };
    expect(printerBody(values).errors).toEqual({
      name: expect.any(String),
      host: PRINTING_TEXT.hostRequired,
    });
  });
});
