import { createBrowserRouter, type RouteObject } from '../lib/router';
import { MESSAGES } from '../../shared/messages';
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
            {
              path: patterns.billPrint,
              handle: { title: 'Bill' },
              lazy: async () => ({
                Component: (await import('../features/billing/bill-print-page')).BillPrintPage,
              }),
            },
            {
              path: patterns.dayReportPrint,
              handle: { title: 'Day report' },
              lazy: async () => ({
                Component: (await import('../features/cash/day-report-print-page'))
                  .DayReportPrintPage,
              }),
            },
            {
              path: patterns.provisionalBillPrint,
              handle: { title: 'Provisional bill' },
              lazy: async () => ({
                Component: (await import('../features/billing/provisional-bill-page'))
                  .ProvisionalBillPage,
              }),
            },
          ],
        },
      ]),
      {
        Component: AdminLayout,
        children: [
          withMantine([
            {
              path: paths.admin,
              handle: { title: 'Add A Branch' },
              lazy: async () => ({
                Component: (await import('../features/branches/add-branch-page')).AddBranchPage,
              }),
            },
            {
              path: paths.branches,
              handle: { title: 'Branches' },
              lazy: async () => ({
                Component: (await import('../features/branches/branches-page')).BranchesPage,
              }),
            },
            {
              path: paths.adminDashboard,
              handle: { title: 'Dashboard' },
              lazy: async () => ({
                Component: (await import('./routes/admin-dashboard-page')).AdminDashboardPage,
              }),
            },
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
            {
              path: paths.userDashboard,
              handle: { title: 'Branch overview' },
              lazy: async () => ({
                Component: (await import('./routes/user-dashboard-page')).UserDashboardPage,
              }),
            },
            {
              path: paths.addTable,
              handle: { title: 'Add New Table', permission: 'tables.use' },
              lazy: async () => ({
                Component: (await import('../features/tables/add-table-page')).AddTablePage,
              }),
            },
            {
              path: paths.addProduct,
              handle: { title: 'Add New Product', permission: 'products.manage' },
              lazy: async () => ({
                Component: (await import('../features/products/add-product-page')).AddProductPage,
              }),
            },
            {
              path: paths.products,
              handle: { title: 'Product List', permission: 'products.manage' },
              lazy: async () => ({
                Component: (await import('../features/products/products-page')).ProductsPage,
              }),
            },
            {
              path: paths.addonGroups,
              handle: { title: 'Add-on groups', permission: 'products.manage' },
              lazy: async () => ({
                Component: (await import('../features/products/addon-groups-page')).AddonGroupsPage,
              }),
            },
            {
              path: patterns.editProduct,
              handle: { title: 'Edit Product', permission: 'products.manage' },
              lazy: async () => ({
                Component: (await import('../features/products/edit-product-page')).EditProductPage,
              }),
            },
            {
              path: paths.addIngredient,
              handle: { title: 'Add New Ingredient', permission: 'inventory.manage' },
              lazy: async () => ({
                Component: (await import('../features/inventory/add-ingredient-page'))
                  .AddIngredientPage,
              }),
            },
            {
              path: paths.inventory,
              handle: { title: 'Total Inventory Items', permission: 'inventory.view' },
              lazy: async () => ({
                Component: (await import('../features/inventory/inventory-dashboard-page'))
                  .InventoryDashboardPage,
              }),
            },
            {
              path: patterns.editInventory,
              handle: { title: 'Edit Inventory Item', permission: 'inventory.manage' },
              lazy: async () => ({
                Component: (await import('../features/inventory/edit-inventory-page'))
                  .EditInventoryPage,
              }),
            },
            {
              path: paths.addStock,
              handle: { title: 'Stock Management', permission: 'stock.add' },
              lazy: async () => ({
                Component: (await import('../features/inventory/add-stock-page')).AddStockPage,
              }),
            },
            {
              path: paths.addVendor,
              handle: { title: 'Add Vendor', permission: 'vendors.manage' },
              lazy: async () => ({
                Component: (await import('../features/vendors/add-vendor-page')).AddVendorPage,
              }),
            },
            {
              path: paths.vendors,
              handle: { title: 'Vendor Dashboard', permission: 'vendors.manage' },
              lazy: async () => ({
                Component: (await import('../features/vendors/vendor-dashboard-page'))
                  .VendorDashboardPage,
              }),
            },
            {
              path: patterns.vendor,
              handle: { title: 'Vendor Details', permission: 'vendors.manage' },
              lazy: async () => ({
                Component: (await import('../features/vendors/vendor-details-page'))
                  .VendorDetailsPage,
              }),
            },
            {
              path: paths.vendorPayments,
              handle: { title: 'Vendor payments', permission: 'vendors.manage' },
              lazy: async () => ({
                Component: (await import('../features/vendors/vendor-payments-page'))
                  .VendorPaymentsPage,
              }),
            },
            {
              path: paths.reportOrders,
              handle: { title: 'Detailed Orders Report', permission: 'reports.view' },
              lazy: async () => ({
                Component: (await import('../features/reports/orders-report-page'))
                  .OrdersReportPage,
              }),
            },
            {
              path: paths.reportPayments,
              handle: { title: 'Payment History Report', permission: 'reports.view' },
              lazy: async () => ({
                Component: (await import('../features/reports/payments-report-page'))
                  .PaymentsReportPage,
              }),
            },
            {
              path: paths.reportTax,
              handle: { title: 'Tax Report', permission: 'reports.view' },
              lazy: async () => ({
                Component: (await import('../features/reports/tax-report-page')).TaxReportPage,
              }),
            },
            {
              path: paths.reportDues,
              handle: { title: 'Dues report', permission: 'dues.settle' },
              lazy: async () => ({
                Component: (await import('../features/reports/dues-report-page')).DuesReportPage,
              }),
            },
            {
              path: paths.reportVoids,
              handle: { title: 'Void Report', permission: 'reports.view' },
              lazy: async () => ({
                Component: (await import('../features/reports/voids-report-page')).VoidsReportPage,
              }),
            },
            {
              path: paths.reportComplimentary,
              handle: { title: 'Complimentary Report', permission: 'reports.view' },
              lazy: async () => ({
                Component: (await import('../features/reports/complimentary-report-page'))
                  .ComplimentaryReportPage,
              }),
            },
            {
              path: paths.cash,
              handle: { title: 'Cash Drawer', permission: 'cash.drawer' },
              lazy: async () => ({
                Component: (await import('../features/cash/cash-drawer-page')).CashDrawerPage,
              }),
            },
            {
              path: paths.dayClose,
              handle: { title: 'Day Close', permission: 'day.close' },
              lazy: async () => ({
                Component: (await import('../features/cash/day-close-page')).DayClosePage,
              }),
            },
            {
              path: paths.staff,
              handle: { title: 'Staff', permission: 'staff.manage' },
              lazy: async () => ({
                Component: (await import('../features/staff/staff-page')).StaffPage,
              }),
            },
            {
              path: paths.kitchenSettings,
              handle: { title: 'Kitchen settings', permission: 'kitchen.manage' },
              lazy: async () => ({
                Component: (await import('../features/kitchen/settings/kitchen-settings-page'))
                  .KitchenSettingsPage,
              }),
            },
            {
              path: paths.printerSettings,
              handle: { title: 'Printers', permission: 'branchSettings.manage' },
              lazy: async () => ({
                Component: (await import('../features/printing/settings/printers-settings-page'))
                  .PrintersSettingsPage,
              }),
            },
            {
              path: paths.settings,
              handle: { title: 'Branch settings', permission: 'branchSettings.manage' },
              lazy: async () => ({
                Component: (await import('../features/branches/settings/branch-settings-page'))
                  .BranchSettingsPage,
              }),
            },
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
