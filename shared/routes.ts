/**
 * The route table both sides read: the web's router builds its routes from it, and the server
 * answers the app page with 200 for these paths and with 404 for any other (spec section 2
 * route table, plus our own screens).
 */
export const paths = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  changePassword: '/change-password',
  /** Two-factor sign-in of the signed-in user (set up, turn off); forced for super admins. */
  twoFactor: '/two-factor',
  admin: '/admin',
  branches: '/branches',
  adminDashboard: '/admin-dashboard',
  userDashboard: '/user-dashboard',
  billing: '/usersidebar/billing',
  addTable: '/add-table',
  table: (tableId: string) => `/table/${encodeURIComponent(tableId)}`,
  addProduct: '/add-product',
  products: '/products',
  /** The branch's add-on groups (Extras, Spice level), offered on products. */
  addonGroups: '/products/addon-groups',
  editProduct: (id: string) => `/editproduct/${encodeURIComponent(id)}`,
  addIngredient: '/add-ingredient',
  inventory: '/inventorydashboard',
  editInventory: (id: string) => `/editinventory/${encodeURIComponent(id)}`,
  addStock: '/add-stock',
  addVendor: '/add-vendor',
  vendors: '/vendordashboard',
  vendor: (vendorId: string) => `/vendor/${encodeURIComponent(vendorId)}`,
  vendorPayments: '/vendor-payment-dashboard',
  reportOrders: '/report/order',
  reportPayments: '/report/payments',
  reportDues: '/report/dues',
  reportTax: '/report/tax',
  reportVoids: '/report/voids',
  /** Complimentary items and staff meals by reason, who gave and who approved. */
  reportComplimentary: '/report/complimentary',
  staff: '/staff',
  settings: '/settings',
  /** The kitchen display: a wall tablet's open tickets (docs/kitchen.md). */
  kitchen: '/kitchen',
  /** The kitchen's settings (stations, routes, timings, void reasons; manager). */
  kitchenSettings: '/settings/kitchen',
  /** The branch's printers, receipt settings (UPI id, footer) and print queue (manager). */
  printerSettings: '/settings/printers',
  /** A bill's printout, opened in its own window outside the frame; a reprint is a DUPLICATE. */
  billPrint: (id: string, copy?: 'duplicate') =>
    `/bills/${encodeURIComponent(id)}/print${copy ? '?copy=duplicate' : ''}`,
  /** The cash drawer: open a shift with a float, cash in and out, count and close (docs/cash.md). */
  cash: '/cash',
  /** The day's X report, closing and reopening a business day (manager). */
  dayClose: '/day-close',
  /** A business day's X or Z report, printed in its own window. */
  dayReportPrint: (date: string) => `/day-close/${encodeURIComponent(date)}/print`,
  /** A table's provisional bill (before payment, no number), in its own window. */
  provisionalBillPrint: (tableId: string) => `/table/${encodeURIComponent(tableId)}/bill`,
} as const;

/** The router's patterns of the paths above that carry an id. */
export const patterns = {
  table: '/table/:tableId',
  editProduct: '/editproduct/:id',
  editInventory: '/editinventory/:id',
  vendor: '/vendor/:vendorId',
  billPrint: '/bills/:id/print',
  provisionalBillPrint: '/table/:tableId/bill',
  dayReportPrint: '/day-close/:date/print',
} as const;

/** Every route pattern of the web app (`:name` matches one non-empty segment). */
export const APP_ROUTES: readonly string[] = [
  ...Object.values(paths).filter(
    (path): path is Extract<typeof path, string> => typeof path === 'string',
  ),
  ...Object.values(patterns),
];

/**
 * The screens drawn with the product's own kit whose first load is checked against issue 32's
 * budget (e2e/first-load.spec.ts), whose code the server names in their page
 * (server/plugins/web.ts) and whose icons load with the app (vite.config.ts): the waiters' two
 * screens and the kitchen display. `module` is the route module's path under web/.
 */
export const KIT_SCREENS: readonly { pattern: string; module: string }[] = [
  { pattern: paths.billing, module: 'app/routes/billing-page.tsx' },
  { pattern: patterns.table, module: 'app/routes/table-page.tsx' },
  { pattern: paths.kitchen, module: 'features/kitchen/kitchen-display-page.tsx' },
];

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * A path's parameters against a route pattern (`/table/:tableId`, `*` for the rest of the
 * path), or null when it does not match: static segments match in any case, a trailing slash is
 * ignored, a parameter is decoded (a malformed escape matches nothing). The web's router
 * (web/lib/route-match.ts) and the server's 200-or-404 (`isAppRoute`) match alike.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const expected = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i++) {
    const want = expected[i]!;
    if (want === '*') {
      params['*'] = actual.slice(i).join('/');
      return params;
    }
    const have = actual[i];
    if (have === undefined) return null;
    if (want.startsWith(':')) {
      try {
        params[want.slice(1)] = decodeURIComponent(have);
      } catch {
        return null;
      }
    } else if (want.toLowerCase() !== have.toLowerCase()) {
      return null;
    }
  }
  return expected.length === actual.length ? params : null;
}

/** True when `pathname` (no query) is a screen of the web app. */
export const isAppRoute = (pathname: string): boolean =>
  APP_ROUTES.some((pattern) => matchPath(pattern, pathname) !== null);
