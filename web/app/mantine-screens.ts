import type { ComponentType } from 'react';

/**
 * The screens drawn with Mantine (web/app/router.tsx's `mantineScreen`), each a chunk of its own
 * loaded when first opened. Apart from the route table: the waiters' first load carries neither
 * these imports nor their chunks' names (issue 32); this module loads with the first Mantine
 * screen, beside Mantine itself.
 */
export const mantineScreens = {
  BillPrintPage: () => import('../features/billing/bill-print-page').then((m) => m.BillPrintPage),
  DayReportPrintPage: () =>
    import('../features/cash/day-report-print-page').then((m) => m.DayReportPrintPage),
  ProvisionalBillPage: () =>
    import('../features/billing/provisional-bill-page').then((m) => m.ProvisionalBillPage),
  AddBranchPage: () => import('../features/branches/add-branch-page').then((m) => m.AddBranchPage),
  BranchesPage: () => import('../features/branches/branches-page').then((m) => m.BranchesPage),
  AdminDashboardPage: () =>
    import('./routes/admin-dashboard-page').then((m) => m.AdminDashboardPage),
  UserDashboardPage: () => import('./routes/user-dashboard-page').then((m) => m.UserDashboardPage),
  AddTablePage: () => import('../features/tables/add-table-page').then((m) => m.AddTablePage),
  AddProductPage: () =>
    import('../features/products/add-product-page').then((m) => m.AddProductPage),
  ProductsPage: () => import('../features/products/products-page').then((m) => m.ProductsPage),
  AddonGroupsPage: () =>
    import('../features/products/addon-groups-page').then((m) => m.AddonGroupsPage),
  EditProductPage: () =>
    import('../features/products/edit-product-page').then((m) => m.EditProductPage),
  AddIngredientPage: () =>
    import('../features/inventory/add-ingredient-page').then((m) => m.AddIngredientPage),
  InventoryDashboardPage: () =>
    import('../features/inventory/inventory-dashboard-page').then((m) => m.InventoryDashboardPage),
  EditInventoryPage: () =>
    import('../features/inventory/edit-inventory-page').then((m) => m.EditInventoryPage),
  AddStockPage: () => import('../features/inventory/add-stock-page').then((m) => m.AddStockPage),
  AddVendorPage: () => import('../features/vendors/add-vendor-page').then((m) => m.AddVendorPage),
  VendorDashboardPage: () =>
    import('../features/vendors/vendor-dashboard-page').then((m) => m.VendorDashboardPage),
  VendorDetailsPage: () =>
    import('../features/vendors/vendor-details-page').then((m) => m.VendorDetailsPage),
  VendorPaymentsPage: () =>
    import('../features/vendors/vendor-payments-page').then((m) => m.VendorPaymentsPage),
  OrdersReportPage: () =>
    import('../features/reports/orders-report-page').then((m) => m.OrdersReportPage),
  PaymentsReportPage: () =>
    import('../features/reports/payments-report-page').then((m) => m.PaymentsReportPage),
  TaxReportPage: () => import('../features/reports/tax-report-page').then((m) => m.TaxReportPage),
  DuesReportPage: () =>
    import('../features/reports/dues-report-page').then((m) => m.DuesReportPage),
  VoidsReportPage: () =>
    import('../features/reports/voids-report-page').then((m) => m.VoidsReportPage),
  ComplimentaryReportPage: () =>
    import('../features/reports/complimentary-report-page').then((m) => m.ComplimentaryReportPage),
  CashDrawerPage: () => import('../features/cash/cash-drawer-page').then((m) => m.CashDrawerPage),
  DayClosePage: () => import('../features/cash/day-close-page').then((m) => m.DayClosePage),
  StaffPage: () => import('../features/staff/staff-page').then((m) => m.StaffPage),
  KitchenSettingsPage: () =>
    import('../features/kitchen/settings/kitchen-settings-page').then((m) => m.KitchenSettingsPage),
  PrintersSettingsPage: () =>
    import('../features/printing/settings/printers-settings-page').then(
      (m) => m.PrintersSettingsPage,
    ),
  BranchSettingsPage: () =>
    import('../features/branches/settings/branch-settings-page').then((m) => m.BranchSettingsPage),
} satisfies Record<string, () => Promise<ComponentType>>;
