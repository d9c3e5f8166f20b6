import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ProductTaxResult } from '../../../../shared/schemas/products.schemas';
import { formFeedback } from '../../../lib/form-feedback';
import { useSetProductsTax } from '../api/save-product';
import { bulkTaxBody, emptyBulkTax, type BulkTaxValues } from '../bulk-tax';
import { GST_RATE_OPTIONS } from '../product-form';
import { PRODUCT_TEXT } from '../product-text';

const FIELDS = ['gstRateBps', 'hsn', 'outsideGst'];

/** "Set GST…" of the products list: rate, HSN/SAC and outside GST of the selected products. */
export function SetGstModal({
  productIds,
  opened,
  onClose,
  onDone,
}: {
  productIds: string[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const setTax = useSetProductsTax();
  const form = useForm<BulkTaxValues>({
    mode: 'controlled',
    initialValues: emptyBulkTax(),
    validate: (values) => bulkTaxBody(values, productIds).errors ?? {},
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const { body } = bulkTaxBody(values, productIds);
    if (!body) return;
    setTax.mutate(
      body,
      formFeedback<ProductTaxResult>({
        success: (result) => PRODUCT_TEXT.gstSet(result.updated),
        onDone: () => {
          form.reset();
          onDone();
        },
        fields: FIELDS,
        setErrors: form.setErrors,
        failureTitle: PRODUCT_TEXT.gstNotSet,
      }),
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={PRODUCT_TEXT.setGstTitle(productIds.length)}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {PRODUCT_TEXT.setGstHint}
          </Text>
          <Select
            {...form.getInputProps('gstRateBps')}
            name="gstRateBps"
            label={PRODUCT_TEXT.gstRate}
            data={[{ value: '', label: PRODUCT_TEXT.rateKept }, ...GST_RATE_OPTIONS]}
            allowDeselect={false}
            disabled={form.values.outsideGst === 'yes'}
          />
          <TextInput
            {...form.getInputProps('hsn')}
            name="hsn"
            label={PRODUCT_TEXT.hsn}
            placeholder={PRODUCT_TEXT.keep}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="bulk-outside-gst">
              {PRODUCT_TEXT.outsideGstChoice}
            </Text>
            <SegmentedControl
              {...form.getInputProps('outsideGst')}
              aria-labelledby="bulk-outside-gst"
              fullWidth
              data={(['keep', 'yes', 'no'] as const).map((value) => ({
                value,
                label: PRODUCT_TEXT.outsideGstChoices[value],
              }))}
            />
          </Stack>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              {PRODUCT_TEXT.cancel}
            </Button>
            <Button type="submit" loading={setTax.isPending}>
              {PRODUCT_TEXT.apply}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
