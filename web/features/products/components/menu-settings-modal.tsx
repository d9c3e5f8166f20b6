import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from '@tabler/icons-react';
import { MAX_QUICK_NOTE_LENGTH } from '../../../../shared/menu';
import type { MenuSettings } from '../../../../shared/schemas/menu.schemas';
import { ListSkeleton } from '../../../components/skeletons';
import { QueryError } from '../../../components/query-error';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useMenuSettings, useSaveMenuSettings } from '../api/menu';
import { addQuickNote, moveItem } from '../menu-arrange';
import { PRODUCT_TEXT } from '../product-text';

/** Menu settings from the product list: the quick notes and when sold-out items come back. */
export function MenuSettingsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useMenuSettings();
  return (
    <Modal opened={opened} onClose={onClose} title={PRODUCT_TEXT.menuSettings}>
      {settings.isPending ? (
        <ListSkeleton label="Loading menu settings..." rows={3} />
      ) : settings.isError ? (
        <QueryError
          title={PRODUCT_TEXT.settingsLoadFailed}
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm saved={settings.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function SettingsForm({ saved, onClose }: { saved: MenuSettings; onClose: () => void }) {
  const [notes, setNotes] = useState(saved.quickNotes);
  const [nextDay, setNextDay] = useState(saved.soldOutUntilNextDay);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveMenuSettings();

  const add = () => {
    const result = addQuickNote(notes, typed);
    if (result.notes === undefined) return setError(result.error);
    setNotes(result.notes);
    setTyped('');
    setError(null);
  };
  const submit = () =>
    save.mutate(
      { quickNotes: notes, soldOutUntilNextDay: nextDay },
      {
        onSuccess: () => {
          notifySuccess(PRODUCT_TEXT.settingsSaved);
          onClose();
        },
        onError: (failure) => notifyActionFailure(failure, PRODUCT_TEXT.settingsNotSaved),
      },
    );

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {PRODUCT_TEXT.quickNotes}
        </Title>
        <Text size="sm" c="dimmed">
          {PRODUCT_TEXT.quickNotesHint}
        </Text>
        {notes.length === 0 ? (
          <Text size="sm" fs="italic">
            {PRODUCT_TEXT.noQuickNotes}
          </Text>
        ) : (
          <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {notes.map((note, index) => (
              <Paper
                key={note}
                component="li"
                withBorder
                radius="xl"
                pl="md"
                pr={4}
                py={2}
                bg="var(--tf-sand)"
              >
                <Group justify="space-between" wrap="nowrap" gap={4}>
                  <Text size="sm">{note}</Text>
                  <Group gap={0} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={PRODUCT_TEXT.moveUp(note)}
                      disabled={index === 0}
                      onClick={() => setNotes(moveItem(notes, index, index - 1))}
                    >
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={PRODUCT_TEXT.moveDown(note)}
                      disabled={index === notes.length - 1}
                      onClick={() => setNotes(moveItem(notes, index, index + 1))}
                    >
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={PRODUCT_TEXT.removeNote(note)}
                      onClick={() => setNotes(notes.filter((_, at) => at !== index))}
                    >
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={PRODUCT_TEXT.newQuickNote}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            error={error}
            maxLength={MAX_QUICK_NOTE_LENGTH * 2}
            autoComplete="off"
            style={{ flex: 1 }}
          />
          <Button
            variant="light"
            mt={25}
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={add}
          >
            {PRODUCT_TEXT.addQuickNote}
          </Button>
        </Group>
      </Stack>
      <Switch
        checked={nextDay}
        onChange={(event) => setNextDay(event.currentTarget.checked)}
        label={PRODUCT_TEXT.soldOutNextDay}
        description={PRODUCT_TEXT.soldOutNextDayHint}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {PRODUCT_TEXT.cancel}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {PRODUCT_TEXT.save}
        </Button>
      </Group>
    </Stack>
  );
}
