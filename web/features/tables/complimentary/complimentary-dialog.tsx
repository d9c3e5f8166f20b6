import { useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { uuidv7 } from '../../../lib/uuid-v7';
import { PIN_PATTERN } from '../../../../shared/kitchen';
import { formatInr } from '../../../../shared/money';
import { can } from '../../../../shared/permissions';
import type { OrderLine } from '../../../../shared/schemas/tables.schemas';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { formFeedback } from '../../../lib/form-feedback';
import { useSession } from '../../../lib/session';
import { ManagerApproval, useOnlyManager } from '../../../components/manager-approval';
import { useApprovers } from '../../../lib/approvers';
import { VOID_TEXT } from '../voids/void-text';
import { useComplimentarySettings, useMarkComplimentary } from './complimentary-api';
import {
  marksValuePaise,
  ncQuantity,
  needsApproval,
  opIdFor,
  wholeOrderMarks,
  type Mark,
} from './complimentary-marks';
import { NC_TEXT as text } from './complimentary-text';

/** What the dialog marks: one line (by its key) or every line of the order. */
export type NcTarget = { line: string } | 'order';

const FIELDS = ['quantity', 'reason', 'managerId', 'pin'] as const;
const APPROVAL_REQUIRED = 'tables.complimentary_approval_required';

/**
 * 'Complimentary: Masala Chai' or 'Whole order complimentary': how many (a line's; the whole
 * order gives every line in full), a reason from the branch's list and, for staff above the
 * branch's limit, the manager and their PIN (docs/complimentary.md). A line given already can
 * be charged again.
 */
export function ComplimentaryDialog({
  tableId,
  lines,
  target,
  onClose,
}: {
  tableId: string;
  lines: readonly OrderLine[];
  target: NcTarget | null;
  onClose: () => void;
}) {
  const line =
    target && target !== 'order' ? lines.find((one) => one.key === target.line) : undefined;
  // The line went meanwhile (paid, moved on another device): nothing to mark.
  const open = target === 'order' ? lines.length > 0 : line !== undefined;
  return (
    <Modal
      opened={open}
      onClose={onClose}
      title={line ? text.lineTitle(line.name) : text.orderTitle}
    >
      {open && (
        <ComplimentaryForm
          key={line?.key ?? 'order'}
          tableId={tableId}
          lines={lines}
          line={line ?? null}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

interface Values {
  quantity: number;
  reason: string;
  managerId: string;
  pin: string;
}

function ComplimentaryForm({
  tableId,
  lines,
  line,
  onClose,
}: {
  tableId: string;
  lines: readonly OrderLine[];
  /** Null: the whole order. */
  line: OrderLine | null;
  onClose: () => void;
}) {
  const session = useSession();
  const role = session.data?.user.role;
  const mayApprove = Boolean(role && can(role, 'voids.approve'));
  const settings = useComplimentarySettings();
  const mark = useMarkComplimentary(tableId);
  // The server asked for a manager (its limit changed meanwhile, or the order grew).
  const [asked, setAsked] = useState(false);
  const lastOp = useRef<{ change: string; opId: string } | null>(null);
  const given = line ? ncQuantity(line) : 0;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      quantity: line ? given || line.quantity : 0,
      reason: line?.complimentary?.reason ?? '',
      managerId: '',
      pin: '',
    },
  });
  const marks: Mark[] = line
    ? [{ key: line.key, quantity: form.values.quantity }]
    : wholeOrderMarks(lines);
  const limitPaise = settings.data?.limitPaise;
  const approval =
    asked || (limitPaise !== undefined && needsApproval(lines, marks, limitPaise, mayApprove));
  const approvers = useApprovers(approval);
  const { setFieldValue } = form;
  useOnlyManager(approvers.data, form.values.managerId, (id) => setFieldValue('managerId', id));

  /** `values` with the manager's approval, or null: none sent. */
  const send = (sent: Mark[], reason: string | undefined, values: Values | null, done: string) => {
    lastOp.current = opIdFor(lastOp.current, { marks: sent, reason }, uuidv7);
    const withManager = values ? { managerId: values.managerId, pin: values.pin } : {};
    const feedback = formFeedback({
      success: () => done,
      onDone: onClose,
      fields: FIELDS,
      // '.lines.0.quantity' is the stepper's; a line gone meanwhile says so in a toast.
      rename: (field) => (field.startsWith('lines.') ? 'quantity' : field),
      setErrors: (errors) => {
        if (errors.pin) form.setFieldValue('pin', '');
        form.setErrors(errors);
      },
      failureTitle: text.failed,
    });
    mark.mutate(
      { opId: lastOp.current.opId, lines: sent, reason, ...withManager },
      {
        onSuccess: feedback.onSuccess,
        onError: (error) => {
          if (error instanceof ApiError && error.code === APPROVAL_REQUIRED) setAsked(true);
          feedback.onError(error);
        },
      },
    );
  };

  const submit = form.onSubmit((values) => {
    const errors: Record<string, string> = {};
    if (!values.reason) errors.reason = text.chooseReason;
    if (approval && !values.managerId) errors.managerId = text.chooseManager;
    if (approval && !PIN_PATTERN.test(values.pin)) errors.pin = text.pinRequired;
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    const done = line ? text.done(values.quantity, line.name) : text.doneOrder;
    send(marks, values.reason, approval ? values : null, done);
  });

  const chargeAgain = () => {
    if (!line) return;
    // Charging items again never needs a manager.
    send([{ key: line.key, quantity: 0 }], undefined, null, text.charged(line.name));
  };

  if (settings.isError) {
    return (
      <QueryError
        title={text.loadFailed}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  if (approval && approvers.isError) {
    return (
      <QueryError
        title={text.loadFailed}
        error={approvers.error}
        onRetry={() => void approvers.refetch()}
      />
    );
  }
  const quantity = form.values.quantity;
  const setQuantity = (next: number) =>
    form.setFieldValue('quantity', Math.min(line?.quantity ?? 0, Math.max(1, next)));
  const items = lines.reduce((sum, one) => sum + one.quantity, 0);
  const noManagers = approval && approvers.data !== undefined && approvers.data.items.length === 0;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{text.explain}</Text>
        {line ? (
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={500} id="nc-quantity-label">
                {text.quantity}
              </Text>
              <Text size="xs" c="dimmed">
                {text.value(quantity * line.unitPricePaise)}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap" role="group" aria-labelledby="nc-quantity-label">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={text.fewer}
                disabled={quantity <= 1}
                onClick={() => setQuantity(quantity - 1)}
              >
                <IconMinus size={18} aria-hidden />
              </ActionIcon>
              <Text fw={700} w={32} ta="center" data-testid="nc-quantity" aria-live="polite">
                {quantity}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={text.more}
                disabled={quantity >= line.quantity}
                onClick={() => setQuantity(quantity + 1)}
              >
                <IconPlus size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ) : (
          <Text size="sm" fw={500}>
            {text.wholeSummary(items, marksValuePaise(lines, marks))}
          </Text>
        )}
        {form.errors.quantity && (
          <Text size="sm" c="red" role="alert">
            {form.errors.quantity}
          </Text>
        )}
        <Radio.Group label={text.reason} withAsterisk {...form.getInputProps('reason')}>
          <Stack gap="xs" mt="xs">
            {settings.isPending ? (
              <Text size="sm" c="dimmed">
                {text.loading}
              </Text>
            ) : (
              settings.data.reasons.map((reason) => (
                <Radio key={reason} value={reason} label={reason} />
              ))
            )}
          </Stack>
        </Radio.Group>
        {approval && (
          <>
            <Alert color="yellow" p="xs">
              <Text size="sm">{text.approval(formatInr(limitPaise ?? 0))}</Text>
            </Alert>
            <ManagerApproval
              managerLabel={VOID_TEXT.manager}
              approvers={approvers.data}
              loading={approvers.isPending}
              manager={form.getInputProps('managerId')}
              pin={form.getInputProps('pin')}
              onPin={(pin) => form.setFieldValue('pin', pin)}
              pinName="nc-pin"
            />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          {line && given > 0 && (
            <Button
              variant="subtle"
              color="red"
              mr="auto"
              onClick={chargeAgain}
              disabled={mark.isPending}
            >
              {text.chargeAgain}
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            {text.cancel}
          </Button>
          <Button type="submit" loading={mark.isPending} disabled={noManagers}>
            {text.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
