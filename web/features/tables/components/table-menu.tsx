import { ActionIcon, Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { LABELS } from '../../../../shared/messages';
import type { TableSummary } from '../../../../shared/schemas/tables.schemas';
import { confirmAction } from '../../../components/confirm';
import { formFeedback } from '../../../lib/form-feedback';
import { useRemoveTable, useRenameTable } from '../api/save-table';
import { TABLE_TEXT } from '../table-text';
import { validateLabel } from '../table-form';
import { SectionSelect, sectionIdOf } from './section-select';

/**
 * The manager's small menu on a tile: rename the table, remove it when it is empty. Loaded at
 * the first tap of the tile's button (table-menu-button.tsx), so it opens at once.
 */
export function TableMenu({
  table,
  defaultOpened,
}: {
  table: TableSummary;
  defaultOpened?: boolean;
}) {
  const [renaming, rename] = useDisclosure(false);
  const remove = useRemoveTable();
  const empty = table.itemCount === 0;

  const askRemove = () =>
    confirmAction({
      title: TABLE_TEXT.removeTitle(table.label),
      message: TABLE_TEXT.removeMessage,
      confirmLabel: TABLE_TEXT.remove,
      danger: true,
      onConfirm: () => remove.mutate({ id: table.id, label: table.label }),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={TABLE_TEXT.tableActions(table.label)}
            className="tf-table-tile-menu"
          >
            <IconDots size={16} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={rename.open}>
            {TABLE_TEXT.rename}
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={!empty}
            title={empty ? undefined : TABLE_TEXT.removeNotEmpty}
            onClick={askRemove}
          >
            {TABLE_TEXT.remove}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={renaming} onClose={rename.close} title={TABLE_TEXT.renameTitle(table.label)}>
        {renaming && <RenameForm table={table} onDone={rename.close} />}
      </Modal>
    </>
  );
}

function RenameForm({ table, onDone }: { table: TableSummary; onDone: () => void }) {
  const save = useRenameTable();
  const form = useForm({
    mode: 'controlled',
    initialValues: { label: table.label, sectionId: table.sectionId ?? '' },
    validate: { label: validateLabel },
  });
  const submit = form.onSubmit(({ label, sectionId }) =>
    save.mutate(
      { id: table.id, body: { label: label.trim(), sectionId: sectionIdOf(sectionId) } },
      formFeedback({
        onDone,
        fields: ['label', 'sectionId'],
        setErrors: form.setErrors,
        failureTitle: TABLE_TEXT.saveFailed,
      }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={LABELS.table.tableNumber}
          withAsterisk
          data-autofocus
          {...form.getInputProps('label')}
          name="label"
        />
        <SectionSelect
          value={form.values.sectionId}
          onChange={(value) => form.setFieldValue('sectionId', value)}
          error={form.errors.sectionId}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {TABLE_TEXT.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {TABLE_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
