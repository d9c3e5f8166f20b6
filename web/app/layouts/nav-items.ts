import {
  IconBuildingStore,
  IconCalendarCheck,
  IconCalendarDollar,
  IconCashRegister,
  IconChartBar,
  IconChefHat,
  IconGauge,
  IconGift,
  IconCirclePlus,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt2,
  IconReceiptOff,
  IconReceiptTax,
  IconReportMoney,
  IconSettings,
  IconToolsKitchen2,
  IconTruckDelivery,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { navLinksFor } from '../../../shared/nav-links';
import type { Role } from '../../../shared/permissions';
import { paths } from '../../config/paths';

/** A sidebar link: its words, where it goes and its icon. */
export interface NavItem {
  label: string;
  path: string;
  icon: Icon;
}

const ADMIN_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', path: paths.adminDashboard, icon: IconLayoutDashboard },
  { label: 'Add A Branch', path: paths.admin, icon: IconCirclePlus },
  { label: 'Branches', path: paths.branches, icon: IconBuildingStore },
];

const USER_ICONS: Readonly<Record<string, Icon>> = {
  [paths.userDashboard]: IconGauge,
  [paths.billing]: IconToolsKitchen2,
  [paths.products]: IconPackage,
  [paths.inventory]: IconReceipt2,
  [paths.vendors]: IconTruckDelivery,
  [paths.reportOrders]: IconChartBar,
  [paths.reportPayments]: IconReportMoney,
  [paths.reportDues]: IconCalendarDollar,
  [paths.reportTax]: IconReceiptTax,
  [paths.reportVoids]: IconReceiptOff,
  [paths.reportComplimentary]: IconGift,
  [paths.cash]: IconCashRegister,
  [paths.dayClose]: IconCalendarCheck,
  [paths.kitchen]: IconChefHat,
  [paths.staff]: IconUsers,
  [paths.settings]: IconSettings,
};

/** The sidebar of a role: the admin area's links, or the branch links the role may open. */
export function navItemsFor(role: Role): readonly NavItem[] {
  if (role === 'super_admin') return ADMIN_ITEMS;
  return navLinksFor(role).map((link) => ({
    ...link,
    icon: USER_ICONS[link.path] ?? IconLayoutDashboard,
  }));
}
