import { ActionIcon, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff, IconMinus, IconPlus, IconPrinter } from '@tabler/icons-react';
import { LABELS } from '../../../../shared/messages';
import { formatInr } from '../../../../shared/money';
import type { OrderLine, TableOrder } from '../../../../shared/schemas/tables.schemas';
import type { LineProduct } from '../order-lines';
import { TABLE_TEXT } from '../table-text';

type Props = {
  order: TableOrder;
  /** Products whose changes have not reached the server yet. */
  unsent: ReadonlySet<string>;
  /** The server cannot be reached and this table has changes not sent: Pay waits. */
  payWaits: boolean;
  onChange: (product: LineProduct, delta: number) => void;
  onPay: (order: TableOrder) => void;
  /** Prints the table's provisional bill (the guest asks for the bill before paying). */
  onPrintBill?: (order: TableOrder) => void;
};

const productOf = (line: OrderLine): LineProduct => ({
  productId: line.productId,
  name: line.name,
  unitPricePaise: line.unitPricePaise,
  subcategory: line.subcategory,
});

/**
 * The 'Orders' list: each line with − and +, the total, and 'Pay'. A line whose changes have not
 * reached the server says so; Pay waits while the server cannot be reached.
 */
export function OrderPanel({ order, unsent, payWaits, onChange, onPay, onPrintBill }: Props) {
  const empty = order.lines.length === 0;
  // The provisional bill is worked out on the server: not while taps are on their way.
  const printWaits = unsent.size > 0;
  return (
    <Paper
      withBorder
      p="md"
      className="tf-order-panel"
      component="section"
      aria-labelledby="orders-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="orders-title">
          {LABELS.table.orders}
        </Title>
        {empty ? (
          <Text c="dimmed" size="sm">
            {TABLE_TEXT.emptyOrder}
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={6}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-live="polite"
          >
            {order.lines.map((line) => (
              <Group
                component="li"
                key={line.productId}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                aria-label={line.name}
              >
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text fw={600} size="sm" lineClamp={2}>
                    {line.name}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <Text size="xs" c="dimmed">
                      {formatInr(line.unitPricePaise)}
                    </Text>
                    {unsent.has(line.productId) && (
                      <Text size="xs" fw={600} c="orange.9" lh={1.25} data-testid="line-unsent">
                        <IconCloudOff
                          size={12}
                          aria-hidden
                          style={{ verticalAlign: '-2px', marginRight: 3 }}
                        />
                        {TABLE_TEXT.notSent}
                      </Text>
                    )}
                  </Group>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={TABLE_TEXT.decrease(line.name)}
                    onClick={() => onChange(productOf(line), -1)}
                  >
                    <IconMinus size={16} aria-hidden />
                  </ActionIcon>
                  <Text fw={700} w={28} ta="center" data-testid="line-quantity">
                    {line.quantity}
                  </Text>
                  <ActionIcon
                    variant="light"
                    size="lg"
                    aria-label={TABLE_TEXT.increase(line.name)}
                    onClick={() => onChange(productOf(line), 1)}
                  >
                    <IconPlus size={16} aria-hidden />
                  </ActionIcon>
                </Group>
                <Text size="sm" fw={600} w={88} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatInr(line.lineTotalPaise)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{TABLE_TEXT.total}</Text>
          <Text fw={750} fz="lg" data-testid="order-total">
            {formatInr(order.totalPaise)}
          </Text>
        </Group>
        <Button
          size="md"
          fullWidth
          disabled={empty || payWaits}
          aria-describedby={payWaits ? 'pay-waits' : undefined}
          onClick={() => onPay(order)}
        >
          {LABELS.table.pay} {formatInr(order.totalPaise)}
        </Button>
        {onPrintBill && (
          <Button
            variant="default"
            fullWidth
            leftSection={<IconPrinter size={18} aria-hidden />}
            disabled={empty || printWaits}
            title={TABLE_TEXT.printBillHint}
            onClick={() => onPrintBill(order)}
          >
            {TABLE_TEXT.printBill}
          </Button>
        )}
        {payWaits && (
          <Text id="pay-waits" size="xs" c="dimmed" ta="center">
            {TABLE_TEXT.payWaits}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
