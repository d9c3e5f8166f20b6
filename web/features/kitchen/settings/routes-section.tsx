import { useState } from 'react';
import { Button, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StationsAnswer } from '../../../../shared/schemas/kitchen.schemas';
import { notifyActionFailure, notifySuccess } from '../../../lib/form-feedback';
import { useSaveRoutes } from '../api/kitchen-setup';
import { KITCHEN_SETTINGS_TEXT as TEXT } from '../kitchen-text';

/** Each subcategory with the station that makes it ('' : the first station). */
const choicesOf = (answer: StationsAnswer) =>
  new Map(answer.routes.map((route) => [route.subcategory.toLowerCase(), route.stationId]));

/** Which station makes each subcategory of the branch's products; saved as one list. */
export function RoutesSection({ answer }: { answer: StationsAnswer }) {
  const save = useSaveRoutes();
  const [chosen, setChosen] = useState(() => choicesOf(answer));
  const [from, setFrom] = useState(answer);
  // The answer changed (saved here, a station removed): start from it again.
  if (answer !== from) {
    setFrom(answer);
    setChosen(choicesOf(answer));
  }
  const { stations, subcategories } = answer;
  const live = new Set(stations.map((station) => station.id));
  const first = stations[0];

  const submit = () => {
    const routes = subcategories.flatMap((subcategory) => {
      const stationId = chosen.get(subcategory.toLowerCase());
      return stationId && live.has(stationId) ? [{ subcategory, stationId }] : [];
    });
    save.mutate(
      { routes },
      {
        onSuccess: () => notifySuccess(TEXT.routesSaved),
        onError: (failure) => notifyActionFailure(failure, TEXT.notSaved),
      },
    );
  };

  const body = () => {
    if (subcategories.length === 0) return <Text size="sm">{TEXT.noSubcategories}</Text>;
    if (!first || stations.length < 2) return <Text size="sm">{TEXT.routesNeedStations}</Text>;
    return (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {subcategories.map((subcategory) => {
            const value = chosen.get(subcategory.toLowerCase()) ?? '';
            return (
              <NativeSelect
                key={subcategory}
                label={subcategory}
                value={live.has(value) ? value : ''}
                data={[
                  { value: '', label: TEXT.firstStation(first.name) },
                  ...stations.map((station) => ({ value: station.id, label: station.name })),
                ]}
                onChange={(event) => {
                  const next = new Map(chosen);
                  next.set(subcategory.toLowerCase(), event.currentTarget.value);
                  setChosen(next);
                }}
              />
            );
          })}
        </SimpleGrid>
        <div>
          <Button onClick={submit} loading={save.isPending}>
            {TEXT.saveRoutes}
          </Button>
        </div>
      </>
    );
  };

  return (
    <Stack gap="sm">
      <div>
        <Title order={2} size="h4">
          {TEXT.routes}
        </Title>
        <Text size="sm" c="dimmed">
          {TEXT.routesHint}
        </Text>
      </div>
      {body()}
    </Stack>
  );
}
