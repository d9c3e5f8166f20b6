import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconArchive,
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { createSectionBodySchema, type Section } from '../../../../shared/schemas/sections.schemas';
import { confirmAction } from '../../../components/confirm';
import { formFeedback, notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useTables } from '../api/get-tables';
import { useArchiveSection, useCreateSection, useUpdateSection } from '../api/save-section';
import { SECTIONS_TEXT } from '../sections-text';

const validateName = (name: string) => {
  const result = createSectionBodySchema.shape.name.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/**
 * The manager's dialog of the floor's sections, opened by Tables / Billing's 'Sections' button
 * (loaded when it is first tapped: the waiters' screen carries no Mantine).
 */
export function SectionsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={SECTIONS_TEXT.manageTitle} size="md">
      <SectionsManager />
    </Modal>
  );
}

/** Add, rename, reorder and archive the floor's sections. */
function SectionsManager() {
  const sections = useTables().data?.sections ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {SECTIONS_TEXT.manageHint}
      </Text>
      <AddSectionForm />
      {sections.length === 0 ? (
        <Text size="sm" c="dimmed">
          {SECTIONS_TEXT.empty}
        </Text>
      ) : (
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {sections.map((section, index) => (
            <SectionRow
              key={section.id}
              section={section}
              first={index === 0}
              last={index === sections.length - 1}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AddSectionForm() {
  const create = useCreateSection();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: { name: validateName },
  });
  const submit = form.onSubmit(({ name }) =>
    create.mutate(
      { name: name.trim() },
      formFeedback({
        success: (section) => SECTIONS_TEXT.added(section.name),
        onDone: () => form.reset(),
        fields: ['name'],
        setErrors: form.setErrors,
        failureTitle: SECTIONS_TEXT.notSaved,
      }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={SECTIONS_TEXT.name}
          placeholder="Terrace"
          autoComplete="off"
          data-autofocus
          style={{ flex: 1, minWidth: 0 }}
          {...form.getInputProps('name')}
          name="name"
        />
        <Button
          type="submit"
          mt={25}
          loading={create.isPending}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {SECTIONS_TEXT.add}
        </Button>
      </Group>
    </form>
  );
}

function SectionRow({ section, first, last }: { section: Section; first: boolean; last: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const update = useUpdateSection();
  const archive = useArchiveSection();
  const move = (position: number) =>
    update.mutate(
      { id: section.id, body: { position } },
      { onError: (error) => notifyActionFailure(error, SECTIONS_TEXT.notSaved) },
    );
  const askArchive = () =>
    confirmAction({
      title: SECTIONS_TEXT.archiveTitle(section.name),
      message: SECTIONS_TEXT.archiveMessage,
      confirmLabel: SECTIONS_TEXT.archive,
      danger: true,
      onConfirm: () =>
        archive.mutate(
          { id: section.id, name: section.name },
          {
            onSuccess: () => notifySuccess(SECTIONS_TEXT.archived(section.name)),
            onError: (error) => notifyActionFailure(error, SECTIONS_TEXT.notSaved),
          },
        ),
    });

  return (
    <Paper component="li" withBorder px="sm" py="xs">
      {renaming ? (
        <RenameSectionForm section={section} onDone={() => setRenaming(false)} />
      ) : (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
            {section.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              disabled={first || update.isPending}
              onClick={() => move(section.position - 1)}
              aria-label={SECTIONS_TEXT.moveUp(section.name)}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              disabled={last || update.isPending}
              onClick={() => move(section.position + 1)}
              aria-label={SECTIONS_TEXT.moveDown(section.name)}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={SECTIONS_TEXT.actionsFor(section.name)}
                >
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setRenaming(true)}
                >
                  {SECTIONS_TEXT.rename}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconArchive size={16} aria-hidden />}
                  onClick={askArchive}
                >
                  {SECTIONS_TEXT.archive}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      )}
    </Paper>
  );
}

function RenameSectionForm({ section, onDone }: { section: Section; onDone: () => void }) {
  const update = useUpdateSection();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: section.name },
    validate: { name: validateName },
  });
  const submit = form.onSubmit(({ name }) =>
    update.mutate(
      { id: section.id, body: { name: name.trim() } },
      formFeedback({
        success: () => SECTIONS_TEXT.renamed,
        onDone,
        fields: ['name'],
        setErrors: form.setErrors,
        failureTitle: SECTIONS_TEXT.notSaved,
      }),
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={SECTIONS_TEXT.renameTitle(section.name)}>
      <Stack gap="xs">
        <TextInput
          label={SECTIONS_TEXT.name}
          autoFocus
          autoComplete="off"
          {...form.getInputProps('name')}
          name="name"
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {SECTIONS_TEXT.cancel}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {SECTIONS_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
