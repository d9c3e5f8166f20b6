import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import {
  IconArrowsSort,
  IconPercentage,
  IconPlus,
  IconSettings,
  IconStack2,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import { Link } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { TableSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { useProducts } from './api/get-products';
import { ArrangeMenu } from './components/arrange-menu';
import { MenuSettingsModal } from './components/menu-settings-modal';
import { ProductCards } from './components/product-cards';
import { ProductsTable, type Selection } from './components/products-table';
import { SetGstModal } from './components/set-gst-modal';
import { PRODUCT_TEXT } from './product-text';
import { useBelow } from '../../lib/use-below';

/**
 * /products: the branch's products on sale in menu order, with food cost and margin; edit,
 * archive, mark sold out; arrange the menu's order; the menu settings; the add-on groups.
 */
export function ProductsPage() {
  const products = useProducts();
  // Phones and tablets: cards (the table's sold-out and edit actions would scroll out of view).
  const narrow = useBelow('md');
  // Phones: shorter labels, so the header's four buttons take two rows, not four.
  const phone = useBelow('sm');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [settingGst, setSettingGst] = useState(false);
  const [arranging, setArranging] = useState(false);
  const [menuSettings, setMenuSettings] = useState(false);
  // Only products still listed count (an archived one leaves the selection).
  const items = products.data?.items ?? [];
  const selectedIds = items.filter((product) => picked.has(product.id)).map((p) => p.id);
  const selection: Selection = {
    selected: new Set(selectedIds),
    toggle: (id) =>
      setPicked((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () =>
      setPicked(
        selectedIds.length === items.length
          ? new Set()
          : new Set(items.map((product) => product.id)),
      ),
  };

  const body = () => {
    if (products.isPending) {
      return <TableSkeleton label="Loading products..." columns={6} rows={6} />;
    }
    if (products.isError) {
      return (
        <QueryError
          title={PRODUCT_TEXT.loadFailed}
          error={products.error}
          onRetry={() => void products.refetch()}
        />
      );
    }
    if (products.data.items.length === 0) {
      return (
        <EmptyState
          icon={IconToolsKitchen2}
          message={MESSAGES.product.empty}
          action={{ label: LABELS.product.addProduct, to: paths.addProduct }}
        />
      );
    }
    if (arranging) {
      return <ArrangeMenu items={products.data.items} onDone={() => setArranging(false)} />;
    }
    return narrow ? (
      <ProductCards items={products.data.items} selection={selection} />
    ) : (
      <ProductsTable items={products.data.items} selection={selection} />
    );
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={LABELS.product.listTitle}
        count={products.data?.count}
        subtitle={PRODUCT_TEXT.listHint}
        actions={
          <>
            <Button
              component={Link}
              to={paths.addProduct}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {LABELS.product.addProduct}
            </Button>
            <Button
              component={Link}
              to={paths.addonGroups}
              variant="default"
              size="sm"
              leftSection={<IconStack2 size={16} aria-hidden />}
            >
              {phone ? PRODUCT_TEXT.addonsShort : PRODUCT_TEXT.addonGroupsButton}
            </Button>
            <Button
              variant={arranging ? 'light' : 'default'}
              size="sm"
              leftSection={<IconArrowsSort size={16} aria-hidden />}
              onClick={() => setArranging(true)}
              disabled={arranging || !products.data || products.data.items.length < 2}
            >
              {phone ? PRODUCT_TEXT.arrangeShort : PRODUCT_TEXT.arrange}
            </Button>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconSettings size={16} aria-hidden />}
              onClick={() => setMenuSettings(true)}
            >
              {PRODUCT_TEXT.menuSettings}
            </Button>
          </>
        }
      />
      {!arranging && selectedIds.length > 0 && (
        <Group gap="sm" role="region" aria-label={PRODUCT_TEXT.selected(selectedIds.length)}>
          <Button
            leftSection={<IconPercentage size={18} aria-hidden />}
            onClick={() => setSettingGst(true)}
          >
            {PRODUCT_TEXT.setGst}
          </Button>
          <Button variant="default" onClick={() => setPicked(new Set())}>
            {PRODUCT_TEXT.clearSelection}
          </Button>
          <span>{PRODUCT_TEXT.selected(selectedIds.length)}</span>
        </Group>
      )}
      <div aria-busy={products.isFetching}>{body()}</div>
      <MenuSettingsModal opened={menuSettings} onClose={() => setMenuSettings(false)} />
      <SetGstModal
        productIds={selectedIds}
        opened={settingGst && selectedIds.length > 0}
        onClose={() => setSettingGst(false)}
        onDone={() => {
          setSettingGst(false);
          setPicked(new Set());
        }}
      />
    </Stack>
  );
}
