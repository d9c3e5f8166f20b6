import { describe, expect, it } from 'vitest';
import { bulkTaxBody, emptyBulkTax } from './bulk-tax';

const ID = '0190a0c8-0000-7000-8000-000000000001';

describe('the Set GST dialog', () => {
  it('sends only what was chosen', () => {
    expect(bulkTaxBody({ ...emptyBulkTax(), gstRateBps: '1800' }, [ID]).body).toEqual({
      productIds: [ID],
      gstRateBps: 1800,
    });
    expect(bulkTaxBody({ gstRateBps: '', hsn: '22030000', outsideGst: 'yes' }, [ID]).body).toEqual({
      productIds: [ID],
      hsn: '22030000',
      outsideGst: true,
    });
  });

  it('asks for something to set, and names a bad HSN/SAC code', () => {
    expect(bulkTaxBody(emptyBulkTax(), [ID]).errors).toEqual({
      gstRateBps: 'Choose a GST rate, an HSN/SAC code or outside GST to set',
    });
    expect(bulkTaxBody({ ...emptyBulkTax(), hsn: '12' }, [ID]).errors).toEqual({
      hsn: 'HSN/SAC code must be 4, 6 or 8 digits',
    });
  });
});
