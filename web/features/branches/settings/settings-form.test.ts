import { describe, expect, it } from 'vitest';
import type { BranchSettings } from '../../../../shared/schemas/branch-settings.schemas';
import {
  financialYearOf,
  gstinState,
  invoiceNumberExample,
  settingsBody,
  settingsFormValues,
} from './settings-form';

const saved: BranchSettings = {
  name: 'Demo Cafe',
  address: '12 MG Road',
  phone: '080 4123 4567',
  gstin: '29AAGCB7383J1Z4',
  timeZone: 'Asia/Kolkata',
  legalName: null,
  state: { code: '29', name: 'Karnataka' },
  fssai: null,
  regime: 'regular',
  pricesIncludeTax: false,
  roundOff: true,
  serviceChargeBps: 750,
  invoicePrefix: 'DC',
};

describe('the branch settings form', () => {
  it('round-trips the saved settings: the service charge as a percentage, blank when none', () => {
    const values = settingsFormValues(saved);
    expect(values).toMatchObject({ serviceChargePercent: '7.5', legalName: '', fssai: '' });
    expect(settingsFormValues({ ...saved, serviceChargeBps: 0 }).serviceChargePercent).toBe('');
    expect(settingsBody(values, 'Asia/Kolkata').body).toMatchObject({
      serviceChargePercent: 7.5,
      regime: 'regular',
      timeZone: 'Asia/Kolkata',
    });
    expect(
      settingsBody({ ...values, serviceChargePercent: ' ' }, 'Asia/Kolkata').body
        ?.serviceChargePercent,
    ).toBe(0);
  });

  it('names the fields at fault with the server’s messages', () => {
    const values = settingsFormValues(saved);
    expect(
      settingsBody(
        { ...values, gstin: '', fssai: '123', serviceChargePercent: '7,5', invoicePrefix: 'ABCDE' },
        'Asia/Kolkata',
      ).errors,
    ).toEqual({
      gstin: 'GSTIN is required for a registered (regular) business',
      fssai: 'FSSAI licence number must be exactly 14 digits',
      serviceChargePercent: 'Service charge must be between 0 and 20 % with at most 2 decimals',
      invoicePrefix: 'Invoice prefix must be 1 to 4 letters or digits (e.g. DC)',
    });
    expect(
      settingsBody({ ...values, gstin: '29AAGCB7383J1Z5' }, 'Asia/Kolkata').errors?.gstin,
    ).toMatch(/last character does not match the first 14/);
  });

  it('shows the state of a valid GSTIN only', () => {
    expect(gstinState(' 29aagcb7383j1z4 ')).toEqual({ code: '29', name: 'Karnataka' });
    expect(gstinState('29AAGCB7383J1Z')).toBeNull();
  });

  it('previews the invoice number of the typed prefix in the financial year of today', () => {
    expect(financialYearOf('2026-04-01')).toBe('2026-27');
    expect(financialYearOf('2027-03-31')).toBe('2026-27');
    expect(invoiceNumberExample('dc', '2026-11-22')).toBe('DC/2627/000124');
    expect(invoiceNumberExample('ABCDE', '2026-11-22')).toBeNull();
  });
});
