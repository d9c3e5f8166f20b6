import { Anchor, Button, Grid, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowLeft, IconPlus, IconTruckOff } from '@tabler/icons-react';
import { Link, useNavigate } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import type { StockOptions } from '../../../shared/schemas/vendors.schemas';
import { can } from '../../../shared/permissions';
import { displayUnitOf, formatQuantity, UNIT_SYMBOLS, isFormUnit } from '../../../shared/units';
import { confirmAction } from '../../components/confirm';
import { DayMonthYearInput } from '../../components/day-month-year-input';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { notifyActionFailure, notifySuccess } from '../../lib/form-feedback';
import { useSession } from '../../lib/session';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { useStockOptions } from './api/get-stock-options';
import { useSubmitStock } from './api/submit-stock';
import { StockQueueList } from './components/stock-queue-list';
import { INVENTORY_TEXT, isKeyReused } from './inventory-text';
import {
  EMPTY_STOCK_ENTRY,
  STOCK_ENTRY_FIELDS,
  priceCheck,
  stockEntryFrom,
  unitsFor,
  type StockEntryValues,
} from './stock-entry-form';
import { queuedQuantity, stockQueueStorageKey, submissionBody } from './stock-queue';
import { useStockQueue } from './use-stock-queue';
import { useBelow } from '../../lib/use-below';

/**
 * /add-stock (Stock Management): purchases from vendors are queued line by line (kept on this
 * device), then written together, once, with 'Submit All Stock Entries'.
 */
export function AddStockPage() {
  const { data: session } = useSession();
  const options = useStockOptions();
  const branchId = session?.branch?.id ?? '';
  const userId = session?.user.id ?? '';

  const content = () => {
    if (options.isPending) return <ListSkeleton label="Loading vendors..." rows={4} />;
    if (options.isError) {
      return (
        <QueryError
          title={INVENTORY_TEXT.optionsLoadFailed}
          error={options.error}
          onRetry={() => void options.refetch()}
        />
      );
    }
    if (options.data.vendors.length === 0) {
      return <EmptyState icon={IconTruckOff} message={INVENTORY_TEXT.noVendors} />;
    }
    return (
      <StockManagement
        key={stockQueueStorageKey(branchId, userId)}
        branchId={branchId}
        userId={userId}
        vendors={options.data.vendors}
        canEditVendors={!!session && can(session.user.role, 'vendors.manage')}
      />
    );
  };

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title={LABELS.stock.title}
        actions={
          <Button
            component={Link}
            to={paths.inventory}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {INVENTORY_TEXT.backToInventory}
          </Button>
        }
      />
      {content()}
    </Stack>
  );
}

type Vendors = StockOptions['vendors'];

/** The item's quantity raised by what is queued for it: '6 kg (2 kg queued)'. */
function currentQuantityText(item: Vendors[number]['items'][number], queued: number) {
  const total = formatQuantity(item.quantity + queued, item.unit);
  return queued > 0 ? `${total} (${formatQuantity(queued, item.unit)} queued)` : total;
}

/**
 * The vendor form in edit mode (/add-vendor?edit=<id>, as the vendors feature builds it; features
 * do not import each other).
 */
const editVendorPath = (id: string) => `${paths.addVendor}?${new URLSearchParams({ edit: id })}`;

/**
 * Why the Item list is empty: the vendor was saved with categories but none of their items.
 * The manager gets a link to the vendor's form to choose them; staff are told to ask.
 */
function NoItemsHint({
  vendor,
  category,
  canEditVendors,
}: {
  vendor: Vendors[number];
  category: string | null;
  canEditVendors: boolean;
}) {
  return (
    <Text size="sm" c="var(--tf-ink)" role="status" data-testid="no-items-hint">
      {vendor.items.length === 0
        ? INVENTORY_TEXT.vendorHasNoItems(vendor.name)
        : INVENTORY_TEXT.vendorHasNoItemsIn(vendor.name, category ?? '')}{' '}
      {canEditVendors ? (
        <Anchor component={Link} to={editVendorPath(vendor.id)} fw={600}>
          {INVENTORY_TEXT.chooseVendorItems(vendor.name)}
        </Anchor>
      ) : (
        INVENTORY_TEXT.askManagerForItems
      )}
    </Text>
  );
}

function StockManagement({
  branchId,
  userId,
  vendors,
  canEditVendors,
}: {
  branchId: string;
  userId: string;
  vendors: Vendors;
  canEditVendors: boolean;
}) {
  const navigate = useNavigate();
  const phone = useBelow('sm');
  const stockQueue = useStockQueue(branchId, userId);
  const { entries } = stockQueue.queue;
  const submit = useSubmitStock();
  const { formRef, focusFirstError } = useFocusFirstError(STOCK_ENTRY_FIELDS);
  const form = useForm<StockEntryValues>({
    mode: 'controlled',
    initialValues: EMPTY_STOCK_ENTRY,
    validate: (values) => stockEntryFrom(values, vendors).errors ?? {},
  });

  const { values } = form;
  const vendor = vendors.find((v) => v.id === values.vendorId);
  const categories = vendor
    ? [...new Set([...vendor.categories, ...vendor.items.map((i) => i.category)])]
    : [];
  const items =
    vendor && values.category ? vendor.items.filter((i) => i.category === values.category) : [];
  const item = items.find((i) => i.id === values.ingredientId);
  const units = item ? unitsFor(item.unit) : [];
  const price = priceCheck(values, item);
  const noItems =
    !!vendor && (vendor.items.length === 0 || (!!values.category && items.length === 0));

  const addEntry = form.onSubmit((typed) => {
    const { entry } = stockEntryFrom(typed, vendors);
    if (!entry) return;
    const queue = () => {
      stockQueue.add(entry);
      // Vendor, invoice date and number stay for the next line of the same invoice.
      form.setValues({ category: null, ingredientId: null, quantity: '', price: '' });
      form.resetTouched();
    };
    const check = priceCheck(typed, item);
    if (check?.far && check.lastPerUnit) {
      confirmAction({
        title: INVENTORY_TEXT.priceFarTitle,
        message: INVENTORY_TEXT.priceFarMessage(
          `${formatQuantity(entry.quantity, entry.unit)} of ${entry.ingredientName}`,
          check.perUnit,
          check.lastPerUnit,
        ),
        confirmLabel: INVENTORY_TEXT.priceFarConfirm,
        onConfirm: queue,
      });
      return;
    }
    queue();
  }, focusFirstError);

  const submitAll = () => {
    if (submit.isPending) return;
    const queued = stockQueue.prepareSubmission();
    if (queued.entries.length === 0) return;
    submit.mutate(submissionBody(queued.entries, queued.idempotencyKey), {
      onSuccess: () => {
        notifySuccess(MESSAGES.stock.updated);
        stockQueue.clear();
        void navigate(paths.inventory);
      },
      onError: (error) => {
        // This key went out with other entries before: the next press gets a new one.
        if (isKeyReused(error)) stockQueue.dropKey();
        notifyActionFailure(error, INVENTORY_TEXT.submitFailed);
      },
    });
  };

  return (
    <Stack gap="lg">
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="stock-entry-title"
      >
        <form ref={formRef} onSubmit={addEntry} noValidate>
          <Stack gap="sm">
            <Title order={2} size="h4" id="stock-entry-title">
              {LABELS.inventory.addStock}
            </Title>
            <Grid gap="sm" align="flex-end">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  {...form.getInputProps('vendorId')}
                  onChange={(id) =>
                    form.setValues({ vendorId: id, category: null, ingredientId: null })
                  }
                  name="vendorId"
                  label={INVENTORY_TEXT.vendor}
                  placeholder="Choose a vendor"
                  data={vendors.map((v) => ({ value: v.id, label: v.name }))}
                  searchable
                  maxDropdownHeight={300}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
                <DayMonthYearInput
                  {...form.getInputProps('invoiceDate')}
                  name="invoiceDate"
                  label={INVENTORY_TEXT.invoiceDate}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 3 }}>
                <TextInput
                  {...form.getInputProps('invoiceNumber')}
                  name="invoiceNumber"
                  label={INVENTORY_TEXT.invoiceNumber}
                  placeholder="Optional"
                  autoComplete="off"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  {...form.getInputProps('category')}
                  onChange={(category) => form.setValues({ category, ingredientId: null })}
                  name="category"
                  label={INVENTORY_TEXT.category}
                  placeholder={vendor ? 'Choose a category' : 'Choose a vendor first'}
                  data={categories}
                  disabled={!vendor}
                  searchable
                  maxDropdownHeight={300}
                  required
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  {...form.getInputProps('ingredientId')}
                  onChange={(id) => {
                    const chosen = items.find((i) => i.id === id);
                    // The quantity to add is typed in the unit the current quantity is shown
                    // in: '10 kg' now, so 25 means 25 kg (grams stay one choice away).
                    const unit = chosen
                      ? displayUnitOf(
                          chosen.quantity + queuedQuantity(entries, chosen.id),
                          chosen.unit,
                        )
                      : undefined;
                    form.setValues({ ingredientId: id, ...(unit ? { unit } : {}) });
                  }}
                  name="ingredientId"
                  label={INVENTORY_TEXT.item}
                  placeholder={values.category ? 'Choose an item' : 'Choose a category first'}
                  data={items.map((i) => ({ value: i.id, label: i.name }))}
                  disabled={!values.category || items.length === 0}
                  searchable
                  maxDropdownHeight={300}
                  required
                />
              </Grid.Col>
              {noItems && vendor && (
                <Grid.Col span={12}>
                  <NoItemsHint
                    vendor={vendor}
                    category={values.category}
                    canEditVendors={canEditVendors}
                  />
                </Grid.Col>
              )}
              <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
                <TextInput
                  label={INVENTORY_TEXT.currentQuantity}
                  value={item ? currentQuantityText(item, queuedQuantity(entries, item.id)) : ''}
                  placeholder="—"
                  readOnly
                  variant="filled"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 6, sm: 4 }}>
                <TextInput
                  {...form.getInputProps('quantity')}
                  name="quantity"
                  label={INVENTORY_TEXT.quantityToAdd}
                  inputMode="decimal"
                  autoComplete="off"
                  required
                  rightSectionWidth={units.length > 1 ? 72 : 48}
                  rightSectionPointerEvents="all"
                  rightSection={
                    units.length > 1 ? (
                      <select
                        aria-label="Unit of the quantity to add"
                        value={values.unit}
                        onChange={(event) => {
                          const unit = event.currentTarget.value;
                          if (isFormUnit(unit)) form.setFieldValue('unit', unit);
                        }}
                        style={{
                          border: 0,
                          background: 'transparent',
                          font: 'inherit',
                          color: 'inherit',
                          paddingRight: 6,
                        }}
                      >
                        {units.map((unit) => (
                          <option key={unit} value={unit}>
                            {UNIT_SYMBOLS[unit]}
                          </option>
                        ))}
                      </select>
                    ) : item ? (
                      UNIT_SYMBOLS[item.unit]
                    ) : null
                  }
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  {...form.getInputProps('price')}
                  name="price"
                  label={INVENTORY_TEXT.price}
                  placeholder={INVENTORY_TEXT.priceHint}
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection="₹"
                  required
                />
              </Grid.Col>
              {price && (
                <Grid.Col span={12}>
                  <Text
                    size="sm"
                    c={price.far ? 'red.8' : 'var(--tf-ink)'}
                    fw={price.far ? 600 : undefined}
                    aria-live="polite"
                    data-testid="price-per-unit"
                  >
                    {INVENTORY_TEXT.pricePerUnit(price.perUnit)}
                    {price.lastPerUnit && ` · ${INVENTORY_TEXT.lastPrice(price.lastPerUnit)}`}
                  </Text>
                </Grid.Col>
              )}
            </Grid>
            <Button
              type="submit"
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              {LABELS.stock.addStockEntry}
            </Button>
          </Stack>
        </form>
      </Paper>
      <StockQueueList
        entries={entries}
        phone={phone}
        onRemove={stockQueue.remove}
        onSubmit={submitAll}
        submitting={submit.isPending}
      />
    </Stack>
  );
}
