import { describe, expect, it } from 'vitest';
import { LABELS, MESSAGES } from './messages';

/** Every string value (arrays included) of a nested object. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const all = new Set([...strings(MESSAGES), ...strings(LABELS)]);

/** Copied by hand from seed-spec.md sections 2, 5, 8 and 9, character for character. */
const SPEC_MESSAGES = [
  'Logging-in...',
  'Branch plan not active.',
  'Branch plan is expired.',
  'Subuser account is inactive. Contact your branch owner.',
  'Subuser plan not active. Contact your branch owner.',
  'Subuser plan is expired. Contact your branch owner.',
  'Associated branch not found. Contact your branch owner.',
  'No user found with the provided credentials.',
  'Invalid credentials. Please try again.',
  'Branch created, user account set up, and email sent successfully.',
  'Failed to create branch or user. Please try again.',
  'Start date cannot be before today.',
  'Product added successfully!',
  'Table added successfully',
  'Payment details saved successfully.',
  'Ingredient added successfully!',
  'Payment Successfully Settled',
  'Vendor added successfully!',
  'Stocks updated successfully!',
  'Vendor details updated!',
  'Product updated successfully!',
  'Your request has been sent successfully!',
  'There was an error sending your request. Please try again.',
  'Vendor not found',
  'No data to export!',
  "Please enter the responsible person's name for due payments.",
  'Please select a payment method and status.',
  'No products available',
  'No dues available.',
  'No inventory items found',
  'Loading inventory...',
  'Loading table...',
  'No comments yet',
  '404 Not Found',
  'Are you sure you want to change the status?',
];

const SPEC_LABELS = [
  'Try For Free',
  'Get Free Trial',
  'Buy Now',
  'Home',
  'Services',
  'Page Features',
  'Pricing',
  'Contact Us',
  'Blog',
  'Login',
  'Email ID',
  'Password',
  'Remember Me',
  'Welcome User',
  'Add A Branch',
  'Add New Product',
  'Product List',
  'Edit Product',
  'Product Name',
  'Price',
  'Subcategory',
  'Category',
  'Ingredient',
  'Quantity Used',
  'Add More Ingredients',
  'Add Product',
  'Update Product',
  'Actions',
  'Add New Table',
  'Table Number / Counter Number',
  'Add Table',
  'Pay',
  'Orders',
  'Back To Tables',
  'Detailed Orders Report',
  'From Date',
  'To Date',
  'Export to CSV',
  'Table Number',
  'Order Date',
  'Quantity',
  'Item Name',
  'Total',
  'Payment History Report',
  'Export',
  'Associated Orders',
  'Close',
  'Yes',
  'No',
  'Update Payment',
  'Confirm',
  'Cancel',
  'Total Inventory Items',
  'Add Inventory',
  'Add Stock',
  'Add New Ingredient',
  'Ingredient Category',
  'Ingredient Name',
  'Edit Inventory Item',
  'Save Changes',
  'Stock Management',
  'Add Stock Entry',
  'Stock Entries to Submit',
  'Submit All Stock Entries',
  'Add Vendor',
  'Edit',
  'Total Payment',
  'Show More',
  'Show Less',
  'Add Comment',
  'Amount Paid',
  'Paid By',
  'Date',
  'Save',
  'Back to Dashboard',
  'Invoice Date',
  'Stock Name',
  'Submit',
];

describe('messages taken from the spec', () => {
  it.each(SPEC_MESSAGES)('has the spec message %j exactly', (text) => {
    expect(all.has(text)).toBe(true);
  });

  it.each(SPEC_LABELS)('has the spec label %j exactly', (text) => {
    expect(all.has(text)).toBe(true);
  });

  it('says who a due payment is on, in the spec words', () => {
    expect(MESSAGES.payment.dueBy('Ravi Kumar')).toBe('Payment Due Successfully by Ravi Kumar');
  });

  it('gives the login and plan messages under their names', () => {
    expect(MESSAGES.login).toMatchObject({
      branchPlanNotActive: 'Branch plan not active.',
      branchPlanExpired: 'Branch plan is expired.',
      subuserBranchPlanNotActive: 'Branch plan not active. Contact your branch owner.',
      subuserBranchPlanExpired: 'Branch plan is expired. Contact your branch owner.',
      invalidCredentials: 'Invalid credentials. Please try again.',
    });
  });

  it('greets the user in the sidebar with the spec words', () => {
    // The sidebar links themselves live in permissions.ts (NAV_LINKS), with their permission.
    expect(LABELS.sidebar.greeting).toBe('Welcome User');
  });
});

describe('messages of our own', () => {
  it('has the sign-in, session and guard messages', () => {
    expect(MESSAGES.login.tooManyAttempts).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(MESSAGES.auth).toMatchObject({
      forgotPasswordSent:
        'If an account exists for that email, we have sent a link to reset the password.',
      notAllowed: 'You are not allowed to open this page.',
      sessionEnded: 'Your session has ended. Please log in again.',
    });
  });

  it('names the field in validation messages', () => {
    expect(MESSAGES.validation.required('Name')).toBe('Name is required');
    expect(MESSAGES.validation.tooLong('Business name', 150)).toBe(
      'Business name must be at most 150 characters',
    );
    expect(MESSAGES.validation.invalidEmail).toBe('Enter a valid email address');
    expect(MESSAGES.login.emailRequired).toBe('Email ID is required');
    expect(MESSAGES.login.passwordRequired).toBe('Password is required');
  });

  it('bounds the discount in words', () => {
    expect(MESSAGES.payment.discountOutOfRange).toBe('Discount must be between 0 and 100.');
  });

  it('has no empty or padded string anywhere', () => {
    for (const text of all) {
      expect(text.trim()).toBe(text);
      expect(text.length).toBeGreaterThan(0);
    }
  });
});
