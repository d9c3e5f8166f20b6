import { createBrowserRouter, type RouteObject } from '../lib/router';
import { MESSAGES } from '../../shared/messages';
import type { Permission } from '../../shared/permissions';
import { ErrorPage } from '../components/error-page';
import { PageLoader } from '../components/page-loader';
import { paths, patterns } from '../config/paths';
import { SignedInOnly } from './guards';
import { AdminLayout, UserLayout } from './layouts/signed-in-layout';
import { SessionWatcher } from './session-watcher';

const authPage = (path: string, title: string, name: keyof typeof import('../features/auth')) => ({
  path,
  handle: { title },
  lazy: async () => ({ Component: (await import('../features/auth'))[name] }),
});

/** A screen drawn with Mantine: its code through web/app/mantine-screens.ts. */
const mantineScreen = (
  path: string,
  title: string,
  name: keyof typeof import('./mantine-screens').mantineScreens,
  permission?: Permission,
): RouteObject => ({
  path,
  handle: { title, permission },
  lazy: async () => ({
    Component: await (await import('./mantine-screens')).mantineScreens[name](),
  }),
});

const FullScreenLoader = () => <PageLoader fullScreen />;

/**
 * Screens drawn with Mantine, under a layout route that loads Mantine's providers and CSS with
 * them (web/components/mantine-providers.tsx). The waiters' screens drawn with the kit are not
 * under it: their first load has no Mantine (issue 32; e2e/first-load.spec.ts checks it).
 */
const withMantine = (children: RouteObject[]): RouteObject => ({
  lazy: async () => ({
    Component: (await import('../components/mantine-providers')).MantineLayout,
  }),
  children,
});

export const router = createBrowserRouter([
  {
    Component: SessionWatcher,
    ErrorBoundary: ErrorPage,
    // Shown while the first screen's code loads (lazy routes), instead of nothing.
    HydrateFallback: FullScreenLoader,
    children: [
      {
        path: paths.home,
        lazy: async () => ({
          Component: (await import('../features/landing/landing-page')).default,
        }),
      },
      withMantine([
        authPage(paths.login, 'Login', 'LoginPage'),
        authPage(paths.forgotPassword, 'Forgot password', 'ForgotPasswordPage'),
        authPage(paths.resetPassword, 'Set a new password', 'ResetPasswordPage'),
        {
          Component: SignedInOnly,
          children: [
            authPage(paths.changePassword, 'Change password', 'ChangePasswordPage'),
            authPage(paths.twoFactor, 'Two-factor sign-in', 'TwoFactorPage'),
            mantineScreen(patterns.billPrint, 'Bill', 'BillPrintPage'),
            mantineScreen(patterns.dayReportPrint, 'Day report', 'DayReportPrintPage'),
            mantineScreen(patterns.provisionalBillPrint, 'Provisional bill', 'ProvisionalBillPage'),
          ],
        },
      ]),
      {
        Component: AdminLayout,
        children: [
          withMantine([
            mantineScreen(paths.admin, 'Add A Branch', 'AddBranchPage'),
            mantineScreen(paths.branches, 'Branches', 'BranchesPage'),
            mantineScreen(paths.adminDashboard, 'Dashboard', 'AdminDashboardPage'),
          ]),
        ],
      },
      {
        Component: UserLayout,
        children: [
          {
            path: paths.billing,
            handle: { title: 'Tables', permission: 'tables.use' },
            lazy: async () => ({
              Component: (await import('./routes/billing-page')).BillingPage,
            }),
          },
          {
            path: patterns.table,
            handle: { title: 'Table', permission: 'tables.use' },
            lazy: async () => ({
              Component: (await import('./routes/table-page')).TablePage,
            }),
          },
          {
            path: paths.kitchen,
            handle: { title: 'Kitchen', permission: 'kitchen.display' },
            lazy: async () => ({
              Component: (await import('../features/kitchen/kitchen-display-page'))
                .KitchenDisplayPage,
            }),
          },
          withMantine([
            mantineScreen(paths.userDashboard, 'Branch overview', 'UserDashboardPage'),
            mantineScreen(paths.addTable, 'Add New Table', 'AddTablePage', 'tables.use'),
            mantineScreen(paths.addProduct, 'Add New Product', 'AddProductPage', 'products.manage'),
            mantineScreen(paths.products, 'Product List', 'ProductsPage', 'products.manage'),
            mantineScreen(paths.addonGroups, 'Add-on groups', 'AddonGroupsPage', 'products.manage'),
            mantineScreen(
              patterns.editProduct,
              'Edit Product',
              'EditProductPage',
              'products.manage',
            ),
            mantineScreen(
              paths.addIngredient,
              'Add New Ingredient',
              'AddIngredientPage',
              'inventory.manage',
            ),
            mantineScreen(
              paths.inventory,
              'Total Inventory Items',
              'InventoryDashboardPage',
              'inventory.view',
            ),
            mantineScreen(
              patterns.editInventory,
              'Edit Inventory Item',
              'EditInventoryPage',
              'inventory.manage',
            ),
            mantineScreen(paths.addStock, 'Stock Management', 'AddStockPage', 'stock.add'),
            mantineScreen(paths.addVendor, 'Add Vendor', 'AddVendorPage', 'vendors.manage'),
            mantineScreen(
              paths.vendors,
              'Vendor Dashboard',
              'VendorDashboardPage',
              'vendors.manage',
            ),
            mantineScreen(patterns.vendor, 'Vendor Details', 'VendorDetailsPage', 'vendors.manage'),
            mantineScreen(
              paths.vendorPayments,
              'Vendor payments',
              'VendorPaymentsPage',
              'vendors.manage',
            ),
            mantineScreen(
              paths.reportOrders,
              'Detailed Orders Report',
              'OrdersReportPage',
              'reports.view',
            ),
            mantineScreen(
              paths.reportPayments,
              'Payment History Report',
              'PaymentsReportPage',
              'reports.view',
            ),
            mantineScreen(paths.reportTax, 'Tax Report', 'TaxReportPage', 'reports.view'),
            mantineScreen(paths.reportDues, 'Dues report', 'DuesReportPage', 'dues.settle'),
            mantineScreen(paths.reportVoids, 'Void Report', 'VoidsReportPage', 'reports.view'),
            mantineScreen(
              paths.reportComplimentary,
              'Complimentary Report',
              'ComplimentaryReportPage',
              'reports.view',
            ),
            mantineScreen(paths.cash, 'Cash Drawer', 'CashDrawerPage', 'cash.drawer'),
            mantineScreen(paths.dayClose, 'Day Close', 'DayClosePage', 'day.close'),
            mantineScreen(paths.staff, 'Staff', 'StaffPage', 'staff.manage'),
            mantineScreen(
              paths.kitchenSettings,
              'Kitchen settings',
              'KitchenSettingsPage',
              'kitchen.manage',
            ),
            mantineScreen(
              paths.printerSettings,
              'Printers',
              'PrintersSettingsPage',
              'branchSettings.manage',
            ),
            mantineScreen(
              paths.settings,
              'Branch settings',
              'BranchSettingsPage',
              'branchSettings.manage',
            ),
          ]),
        ],
      },
      {
        path: '*',
        handle: { title: MESSAGES.common.pageNotFound },
        lazy: async () => ({
          Component: (await import('../components/not-found-page')).NotFoundPage,
        }),
      },
    ],
  },
]);
