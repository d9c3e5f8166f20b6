import { useState, type FormEvent } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_STATION_NAME, type Station } from '../../../../shared/schemas/kitchen.schemas';
import { confirmAction } from '../../../components/confirm';
import { failureReason } from '../../../lib/failure-reason';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useAddStation, useArchiveStation, useSaveStations } from '../api/kitchen-setup';
import { KITCHEN_SETTINGS_TEXT as TEXT } from '../kitchen-text';
import { movedStations, nextPosition } from './station-order';

/** The stations in their order: add one, rename, move up or down, remove (archive). */
export function StationsSection({ stations }: { stations: readonly Station[] }) {
  const add = useAddStation();
  const save = useSaveStations();
  const archive = useArchiveStation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Station | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { name, position: nextPosition(stations) },
      {
        onSuccess: (station) => {
          notifySuccess(TEXT.stationAdded(station.name));
          setName('');
          setError(null);
        },
        onError: (failure) => setError(failureReason(failure)),
      },
    );
  };
  const move = (from: number, to: number) =>
    save.mutate(movedStations(stations, from, to), {
      onError: (failure) => notifyActionFailure(failure, TEXT.notSaved),
    });
  const remove = (station: Station) =>
    confirmAction({
      title: TEXT.archiveTitle(station.name),
      message: TEXT.archiveMessage,
      confirmLabel: TEXT.archiveConfirm,
      danger: true,
      onConfirm: () =>
        archive.mutate(station.id, {
          onSuccess: () => notifySuccess(TEXT.archived(station.name)),
          onError: (failure) => notifyActionFailure(failure, TEXT.notArchived),
        }),
    });

  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          {TEXT.stations}
        </Title>
        <Text size="sm" c="dimmed">
          {TEXT.stationsHint}
        </Text>
      </div>
      {stations.length === 0 ? (
        <Text size="sm">{TEXT.noStations}</Text>
      ) : (
        <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
          {stations.map((station, index) => (
            <Group
              component="li"
              key={station.id}
              justify="space-between"
              wrap="nowrap"
              gap="xs"
              px="sm"
              py={6}
              className="tf-kitchen-station-row"
            >
              <Text fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
                {index + 1}. {station.name}
              </Text>
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={TEXT.moveUp(station.name)}
                  disabled={index === 0 || save.isPending}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={TEXT.moveDown(station.name)}
                  disabled={index === stations.length - 1 || save.isPending}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  aria-label={TEXT.rename(station.name)}
                  onClick={() => setRenaming(station)}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={TEXT.archive(station.name)}
                  onClick={() => remove(station)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label={TEXT.newStation}
            placeholder={TEXT.newStationPlaceholder}
            value={name}
            maxLength={MAX_STATION_NAME}
            error={error}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconPlus size={18} aria-hidden />}
            loading={add.isPending}
          >
            {TEXT.addStation}
          </Button>
        </Group>
      </form>
      <RenameStation station={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}

function RenameStation({ station, onClose }: { station: Station | null; onClose: () => void }) {
  const save = useSaveStations();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Station | null>(null);
  // A new station to rename: start from its name.
  if (station && station !== shown) {
    setShown(station);
    setName(station.name);
    setError(null);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!station) return;
    save.mutate([{ id: station.id, body: { name, position: station.position } }], {
      onSuccess: () => {
        notifySuccess(TEXT.renamed);
        onClose();
      },
      onError: (failure) => setError(failureReason(failure)),
    });
  };
  return (
    <Modal
      opened={station !== null}
      onClose={onClose}
      title={station ? TEXT.renameTitle(station.name) : ''}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={TEXT.stationName}
            value={name}
            maxLength={MAX_STATION_NAME}
            error={error}
            data-autofocus
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {TEXT.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
