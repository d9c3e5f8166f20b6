import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { ProductSummary } from '../../../../shared/schemas/products.schemas';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useSaveMenuOrder } from '../api/menu';
import {
  arrangeSections,
  arrangementChanged,
  menuOrderBody,
  moveItem,
  moveProduct,
} from '../menu-arrange';
import { PRODUCT_TEXT } from '../product-text';
import { ColourDot } from './colour';

type Direction = 'up' | 'down';

/**
 * Moves the focus back to a move button after its row moved (React may re-insert the row,
 * which drops the focus), or to the other direction's when this one is now at its end.
 */
function refocus(key: string, direction: Direction) {
  requestAnimationFrame(() => {
    const button = (d: Direction) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${key}:${d}`)}"]`);
    const target = button(direction);
    if (target && !target.disabled) target.focus();
    else button(direction === 'up' ? 'down' : 'up')?.focus();
  });
}

/**
 * The arrange mode of the product list: subcategories and, within each, products moved up and
 * down with buttons (Tab to one, Enter or Space to move), then saved as the menu's order.
 */
export function ArrangeMenu({ items, onDone }: { items: ProductSummary[]; onDone: () => void }) {
  const [initial] = useState(() => arrangeSections(items));
  const [sections, setSections] = useState(initial);
  const [announcement, setAnnouncement] = useState('');
  const save = useSaveMenuOrder();
  const byId = new Map(items.map((product) => [product.id, product]));

  const moveSection = (index: number, direction: Direction) => {
    const to = direction === 'up' ? index - 1 : index + 1;
    const section = sections[index]!;
    setSections(moveItem(sections, index, to));
    setAnnouncement(`${section.subcategory}: ${to + 1} of ${sections.length}`);
    refocus(`section-${section.subcategory}`, direction);
  };
  const moveOne = (sectionIndex: number, index: number, direction: Direction) => {
    const section = sections[sectionIndex]!;
    const id = section.productIds[index]!;
    const to = direction === 'up' ? index - 1 : index + 1;
    setSections(moveProduct(sections, sectionIndex, index, to - index));
    setAnnouncement(`${byId.get(id)?.name ?? ''}: ${to + 1} of ${section.productIds.length}`);
    refocus(id, direction);
  };
  const submit = () =>
    save.mutate(menuOrderBody(sections), {
      onSuccess: () => {
        notifySuccess(PRODUCT_TEXT.orderSaved);
        onDone();
      },
      onError: (error) => notifyActionFailure(error, PRODUCT_TEXT.orderNotSaved),
    });

  return (
    <Stack gap="md" component="section" aria-labelledby="arrange-title">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="arrange-title">
            {PRODUCT_TEXT.arrangeTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {PRODUCT_TEXT.arrangeHint}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" onClick={onDone}>
            {PRODUCT_TEXT.cancel}
          </Button>
          <Button
            onClick={submit}
            loading={save.isPending}
            disabled={!arrangementChanged(initial, sections)}
          >
            {PRODUCT_TEXT.saveOrder}
          </Button>
        </Group>
      </Group>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((section, sectionIndex) => (
          <Paper
            key={section.subcategory}
            component="li"
            withBorder
            radius="md"
            p="sm"
            aria-label={section.subcategory}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <Text fw={700} c="var(--tf-ink)" truncate>
                  {section.subcategory}
                </Text>
                <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                  {PRODUCT_TEXT.products(section.productIds.length)}
                </Badge>
              </Group>
              <MoveButtons
                name={section.subcategory}
                moveKey={`section-${section.subcategory}`}
                first={sectionIndex === 0}
                last={sectionIndex === sections.length - 1}
                onMove={(direction) => moveSection(sectionIndex, direction)}
              />
            </Group>
            <Stack gap={0} component="ol" p={0} m={0} mt="xs" style={{ listStyle: 'none' }}>
              {section.productIds.map((id, index) => (
                <ProductRow
                  key={id}
                  id={id}
                  product={byId.get(id)}
                  first={index === 0}
                  last={index === section.productIds.length - 1}
                  onMove={(direction) => moveOne(sectionIndex, index, direction)}
                />
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function ProductRow({
  id,
  product,
  first,
  last,
  onMove,
}: {
  id: string;
  product: ProductSummary | undefined;
  first: boolean;
  last: boolean;
  onMove: (direction: Direction) => void;
}) {
  const name = product?.name ?? id;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={4}
      pl="sm"
      style={{ borderTop: '1px solid var(--tf-line)' }}
    >
      <Group gap={8} wrap="nowrap" miw={0}>
        <ColourDot colour={product?.colour ?? null} />
        <Text size="sm">{name}</Text>
      </Group>
      <MoveButtons name={name} moveKey={id} first={first} last={last} onMove={onMove} />
    </Group>
  );
}

function MoveButtons({
  name,
  moveKey,
  first,
  last,
  onMove,
}: {
  name: string;
  moveKey: string;
  first: boolean;
  last: boolean;
  onMove: (direction: Direction) => void;
}) {
  return (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={PRODUCT_TEXT.moveUp(name)}
        data-move={`${moveKey}:up`}
        disabled={first}
        onClick={() => onMove('up')}
      >
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={PRODUCT_TEXT.moveDown(name)}
        data-move={`${moveKey}:down`}
        disabled={last}
        onClick={() => onMove('down')}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
