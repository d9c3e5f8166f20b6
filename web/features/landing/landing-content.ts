// Marketing copy of the landing page. The spec's own strings (plans, labels, toasts, errors)
// live in shared/; this file holds what the spec leaves to us, so copy changes touch no markup.

import { LABELS } from '../../../shared/messages';

/** Section ids in the order of the spec's navigation anchors (LABELS.landing.nav). */
const SECTION_IDS = ['home', 'services', 'features', 'pricing', 'contact', 'blog'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const NAV_LINKS: ReadonlyArray<{ id: SectionId; label: string }> = SECTION_IDS.map(
  (id, index) => ({ id, label: LABELS.landing.nav[index] ?? id }),
);

export type ServiceIcon = 'billing' | 'recipe' | 'inventory' | 'vendors' | 'dues' | 'reports';

export const SERVICES: ReadonlyArray<{ icon: ServiceIcon; title: string; text: string }> = [
  {
    icon: 'billing',
    title: 'Table billing',
    text: 'Open a table or the counter, add items in two taps and settle by cash, card, UPI or as a due. Print a clean bill in seconds.',
  },
  {
    icon: 'recipe',
    title: 'Product & recipe management',
    text: 'Keep your menu, prices and sub-categories in one place, with the recipe of every dish down to the gram.',
  },
  {
    icon: 'inventory',
    title: 'Ingredient inventory',
    text: 'Every bill deducts the ingredients it used. See what is running low before the dinner rush, not during it.',
  },
  {
    icon: 'vendors',
    title: 'Vendors & stock purchases',
    text: 'Record invoices per vendor, add stock in one go and know exactly what you have paid and what is still owed.',
  },
  {
    icon: 'dues',
    title: 'Dues tracking',
    text: 'Mark a bill as due with the name of the person responsible, and settle it later with one confirmation.',
  },
  {
    icon: 'reports',
    title: 'Reports',
    text: 'Orders, payments by method, top-selling items and dues, filtered by date and exported to CSV for your accountant.',
  },
];

export const INVENTORY_POINTS: ReadonlyArray<string> = [
  'Recipes deduct stock automatically with every bill',
  'Kilograms and litres kept exact, down to the gram and millilitre',
  'A full history of every ingredient: added, used, corrected',
  'Stock purchases from vendors update your counts at once',
];

export const REPORT_POINTS: ReadonlyArray<string> = [
  'Daily revenue and the top five dishes at a glance',
  'Cash, card, UPI and dues totals for any day or range of dates',
  'One-click CSV export for your accountant',
];

export const TESTIMONIALS: ReadonlyArray<{
  quote: string;
  name: string;
  role: string;
  initials: string;
}> = [
  {
    quote:
      'We used to close the register at midnight with a calculator. Now the day is reconciled before the last table leaves.',
    name: 'Priya Nair',
    role: 'Owner, Filter Kaapi House, Kochi',
    initials: 'PN',
  },
  {
    quote:
      'Milk and sugar used to run out on Sunday mornings. Now I see on Friday what is running low, and order before the weekend.',
    name: 'Arjun Mehta',
    role: 'Founder, Chai Junction, Ahmedabad',
    initials: 'AM',
  },
  {
    quote:
      'Regulars who pay at month end are finally tracked properly. My staff learnt the billing screen in one shift.',
    name: 'Sana Qureshi',
    role: 'Manager, The Biryani Room, Hyderabad',
    initials: 'SQ',
  },
];

export const BLOG_POSTS: ReadonlyArray<{
  tag: string;
  title: string;
  excerpt: string;
  date: string;
  readMinutes: number;
  tone: 'saffron' | 'leaf' | 'berry';
}> = [
  {
    tag: 'Inventory',
    title: 'Five ways a cafe loses stock without noticing',
    excerpt:
      'Free refills, generous pours and unrecorded wastage add up. Here is how recipe-based tracking brings them to light.',
    date: '2025-01-14',
    readMinutes: 5,
    tone: 'leaf',
  },
  {
    tag: 'Billing',
    title: 'Dues without the diary: handling credit customers',
    excerpt:
      'Tabs for regulars keep them coming back, until nobody remembers who owes what. A simple routine that works.',
    date: '2025-02-03',
    readMinutes: 4,
    tone: 'saffron',
  },
  {
    tag: 'Growth',
    title: 'Reading your sales report in ten minutes a week',
    excerpt:
      'Which dishes earn, which only sell, and when to add staff: the three numbers every owner should check on Monday.',
    date: '2025-02-21',
    readMinutes: 6,
    tone: 'berry',
  },
];

export const CONTACT = {
  address: ['TableFlow Technologies', '2nd Floor, 14 MG Road', 'Bengaluru, Karnataka 560001'],
  phone: '+91 80 4000 1234',
  phoneHref: 'tel:+918040001234',
  email: 'hello@tableflow.in',
  hours: 'Mon–Sat, 9:00 am to 8:00 pm IST',
} as const;
