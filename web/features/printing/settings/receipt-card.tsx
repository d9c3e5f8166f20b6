import { Button, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isValidVpa, upiPayUri } from '../../../../shared/upi';
import {
  MAX_FOOTER,
  receiptSettingsBodySchema,
  type ReceiptSettings,
} from '../../../../shared/schemas/printing.schemas';
import { MAX_VPA } from '../../../../shared/upi';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { UpiQr } from '../../../components/upi-qr';
import { formFeedback } from '../../../lib/form-feedback';
import { useSession } from '../../../lib/session';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { useReceiptSettings, useSaveReceiptSettings } from '../api/receipt-settings';
import { PRINTING_TEXT as TEXT } from '../printing-text';

const FIELDS = ['upiVpa', 'footer'] as const;

/** The merchant UPI id and the bill's footer, with a live preview of the QR and the footer. */
export function ReceiptCard() {
  const settings = useReceiptSettings();
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          {TEXT.receipt}
        </Title>
        <Text size="sm" c="var(--tf-muted)">
          {TEXT.receiptHint}
        </Text>
      </div>
      {settings.isPending ? (
        <ListSkeleton label={TEXT.receipt} rows={2} />
      ) : settings.isError ? (
        <QueryError
          title={TEXT.receiptLoadFailed}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <ReceiptForm settings={settings.data} />
      )}
    </Stack>
  );
}

function ReceiptForm({ settings }: { settings: ReceiptSettings }) {
  const save = useSaveReceiptSettings();
  const session = useSession();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm({
    mode: 'controlled',
    initialValues: { upiVpa: settings.upiVpa ?? '', footer: settings.footer ?? '' },
  });
  const values = form.getValues();
  const vpa = values.upiVpa.trim();
  const payee = session.data?.branch?.name ?? 'TableFlow';
  const previewUri = isValidVpa(vpa)
    ? upiPayUri({ vpa, payeeName: payee, amountPaise: TEXT.previewAmount, billNumber: 'PREVIEW' })
    : null;

  const submit = form.onSubmit((current) => {
    const parsed = receiptSettingsBodySchema.safeParse(current);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      form.setErrors(errors);
      focusFirstError(errors);
      return;
    }
    save.mutate(
      current,
      formFeedback({
        success: () => TEXT.receiptSaved,
        fields: FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: TEXT.receiptNotSaved,
      }),
    );
  });

  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <form ref={formRef} onSubmit={submit} noValidate style={{ flex: '1 1 280px', minWidth: 0 }}>
        <Stack gap="md">
          <TextInput
            {...form.getInputProps('upiVpa')}
            name="upiVpa"
            label={TEXT.vpa}
            description={TEXT.vpaHint}
            placeholder={TEXT.vpaPlaceholder}
            maxLength={MAX_VPA}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <Textarea
            {...form.getInputProps('footer')}
            name="footer"
            label={TEXT.footer}
            placeholder={TEXT.footerPlaceholder}
            maxLength={MAX_FOOTER}
            autosize
            minRows={2}
            maxRows={4}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack
        gap={6}
        align="center"
        p="md"
        bg="#fff"
        style={{ border: '1px dashed var(--tf-line)', borderRadius: 8, flex: '0 1 240px' }}
        aria-label={TEXT.preview}
        role="group"
      >
        <Text size="xs" fw={700} c="#333" tt="uppercase">
          {TEXT.preview}
        </Text>
        {previewUri ? (
          <>
            <UpiQr
              uri={previewUri}
              amountPaise={TEXT.previewAmount}
              size={150}
              caption={TEXT.scanToPay}
            />
            <Text size="xs" c="#333" ta="center">
              {TEXT.previewNote}
            </Text>
          </>
        ) : (
          <Text size="sm" c="#333" ta="center">
            {TEXT.noVpaPreview}
          </Text>
        )}
        {values.footer.trim() !== '' && (
          <Text
            size="sm"
            c="#000"
            ta="center"
            ff="monospace"
            style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            data-testid="footer-preview"
          >
            {values.footer.trim()}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
