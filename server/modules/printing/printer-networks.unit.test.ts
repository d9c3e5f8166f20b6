import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { DEFAULT_PRINTER_NETWORKS, parseCidr, PrinterNetworks } from './printer-networks';

describe('the networks the server may print to', () => {
  const defaults = new PrinterNetworks(DEFAULT_PRINTER_NETWORKS);

  it('allows the private ranges by default, and nothing else', () => {
    for (const address of [
      '10.0.0.1',
      '10.255.255.254',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.50',
      'fd12:3456::1',
      'fc00::1',
      '::ffff:192.168.1.50',
    ]) {
      expect(defaults.allows(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '169.254.169.254',
      'fe80::1',
      '0.0.0.0',
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '::ffff:127.0.0.1',
      '2001:db8::1',
      'printer.local',
      '',
    ]) {
      expect(defaults.allows(address), address).toBe(false);
    }
  });

  it('reads CIDRs and bare addresses, and refuses anything else', () => {
    expect(parseCidr('192.168.0.0/16')).toEqual({
      address: '192.168.0.0',
      prefix: 16,
      family: 'ipv4',
    });
    expect(parseCidr('127.0.0.1')).toEqual({ address: '127.0.0.1', prefix: 32, family: 'ipv4' });
    expect(parseCidr('fc00::/7')).toEqual({ address: 'fc00::', prefix: 7, family: 'ipv6' });
    for (const bad of [
      '10.0.0.0/33',
      'fc00::/129',
      '10.0.0/8',
      'lan',
      '10.0.0.0/8/1',
      '1.2.3.4/x',
    ]) {
      expect(parseCidr(bad), bad).toBeNull();
    }
    const loopback = new PrinterNetworks(['127.0.0.1/32']);
    expect(loopback.allows('127.0.0.1')).toBe(true);
    expect(loopback.allows('127.0.0.2')).toBe(false);
    expect(loopback.allows('192.168.1.50')).toBe(false);
  });

  it('is set by PRINTER_ALLOWED_NETWORKS, with the print timings; a bad value stops the start', () => {
    const config = loadConfig({
      PRINTER_ALLOWED_NETWORKS: ' 10.1.0.0/16, 192.168.5.7 ',
      PRINT_RETRY_DELAYS_MS: '0,250',
    });
    expect(config.PRINTER_ALLOWED_NETWORKS).toEqual(['10.1.0.0/16', '192.168.5.7']);
    expect(config.PRINT_RETRY_DELAYS_MS).toEqual([0, 250]);
    expect(loadConfig({}).PRINTER_ALLOWED_NETWORKS).toEqual([...DEFAULT_PRINTER_NETWORKS]);
    expect(loadConfig({}).PRINT_RETRY_DELAYS_MS).toEqual([2_000, 10_000]);
    expect(() => loadConfig({ PRINTER_ALLOWED_NETWORKS: '10.0.0.0/8,everything' })).toThrow(
      /PRINTER_ALLOWED_NETWORKS: 'everything' is not an IP address or CIDR/,
    );
    expect(() => loadConfig({ PRINT_RETRY_DELAYS_MS: '1s' })).toThrow(/PRINT_RETRY_DELAYS_MS/);
    expect(() => loadConfig({ PRINT_TIMEOUT_MS: '30000', PRINT_LEASE_MS: '60000' })).toThrow(
      /PRINT_LEASE_MS/,
    );
  });
});
