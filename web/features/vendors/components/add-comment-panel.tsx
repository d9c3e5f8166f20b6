import { Button, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LABELS, MESSAGES } from '../../../../shared/messages';
import { isRupeeAmount, rupeesToPaise } from '../../../../shared/money';
import {
  vendorPaymentBodySchema,
  type VendorPaymentBody,
} from '../../../../shared/schemas/vendors.schemas';
import { DayMonthYearInput } from '../../../components/day-month-year-input';
import { fieldErrors } from '../../../lib/field-errors';
import { formFeedback } from '../../../lib/form-feedback';
import { useBranchToday } from '../../../lib/use-branch-today';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useAddVendorPayment } from '../api/add-vendor-payment';
import { VENDOR_TEXT } from '../vendor-text';

const FIELDS = ['amount', 'paidBy', 'paidOn'] as const;
type Values = { amount: string; paidBy: string; paidOn: string | null };
/** The API's field names as the form calls them. */
const rename = (field: string) => (field === 'amountPaise' ? 'amount' : field);

/** The typed rupees as paise, or the message that says what is wrong with them. */
function amountPaise(amount: string): number | string {
  if (!isRupeeAmount(amount)) return VENDOR_TEXT.amountInvalid;
  const paise = rupeesToPaise(amount);
  return paise > 0 ? paise : VENDOR_TEXT.amountZero;
}

function toBody(values: Values): VendorPaymentBody {
  const paise = amountPaise(values.amount);
  return {
    amountPaise: typeof paise === 'number' ? paise : 0,
    paidBy: values.paidBy,
    paidOn: values.paidOn ?? '',
  };
}

function validate(values: Values, today: string) {
  const paise = amountPaise(values.amount);
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(
    fieldErrors(vendorPaymentBodySchema.safeParse(toBody(values)).error?.issues ?? []),
  )) {
    errors[rename(field)] ??= message;
  }
  if (typeof paise === 'string') errors.amount = paise;
  if (!values.paidOn) errors.paidOn = VENDOR_TEXT.dateRequired;
  else if (values.paidOn > today) errors.paidOn = MESSAGES.vendor.paymentDateInFuture;
  return errors;
}

/**
 * The spec's 'Add Comment' panel of a vendor in edit mode: Amount Paid (rupees and paise),
 * Paid By and Date; Save records the payment ('Vendor details updated!') and clears the form.
 */
export function AddCommentPanel({
  vendorId,
  vendorName,
}: {
  vendorId: string;
  vendorName: string;
}) {
  const today = useBranchToday();
  const save = useAddVendorPayment();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { amount: '', paidBy: '', paidOn: today },
    validate: (values) => validate(values, today),
  });

  const submit = form.onSubmit(
    (values) =>
      save.mutate(
        { id: vendorId, body: toBody(values) },
        formFeedback({
          success: () => MESSAGES.vendor.updated,
          onDone: () => form.reset(),
          fields: FIELDS,
          setErrors: form.setErrors,
          focusFirstError,
          failureTitle: VENDOR_TEXT.saveFailed,
          rename,
        }),
      ),
    focusFirstError,
  );

  return (
    <Paper
      component="section"
      aria-label={`${LABELS.vendor.addComment}: ${vendorName}`}
      p="md"
      radius="md"
      bg="var(--tf-sand)"
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={700} size="sm" c="var(--tf-ink)">
            {LABELS.vendor.addComment}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              {...form.getInputProps('amount')}
              name="amount"
              label={LABELS.vendor.amountPaid}
              leftSection="₹"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              required
            />
            <TextInput
              {...form.getInputProps('paidBy')}
              name="paidBy"
              label={LABELS.vendor.paidBy}
              autoComplete="off"
              required
            />
            <DayMonthYearInput
              {...form.getInputProps('paidOn')}
              name="paidOn"
              label={LABELS.vendor.date}
              latest={today}
              required
            />
          </SimpleGrid>
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {LABELS.vendor.save}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
