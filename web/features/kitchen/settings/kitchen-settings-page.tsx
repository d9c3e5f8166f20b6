import { Button, Paper, Stack } from '@mantine/core';
import { IconChefHat } from '@tabler/icons-react';
import { Link } from '../../../lib/router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ListSkeleton } from '../../../components/skeletons';
import { paths } from '../../../config/paths';
import { useKitchenSettings, useStations } from '../api/kitchen-setup';
import { KITCHEN_SETTINGS_TEXT as TEXT } from '../kitchen-text';
import { RoutesSection } from './routes-section';
import { SettingsForm } from './settings-form';
import { StationsSection } from './stations-section';

/**
 * /settings/kitchen (manager, `kitchen.manage`): the branch's stations (add, rename, order,
 * remove), which station makes each subcategory, the display's amber and red minutes, sending
 * on leaving the table, and the void reasons (docs/kitchen.md).
 */
export function KitchenSettingsPage() {
  const stations = useStations();
  const settings = useKitchenSettings();

  const content = () => {
    if (stations.isPending || settings.isPending) {
      return <ListSkeleton label={TEXT.loading} rows={6} />;
    }
    if (stations.isError || settings.isError) {
      return (
        <QueryError
          title={TEXT.loadFailed}
          error={stations.error ?? settings.error}
          onRetry={() => {
            void stations.refetch();
            void settings.refetch();
          }}
        />
      );
    }
    return (
      <>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <StationsSection stations={stations.data.stations} />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <RoutesSection answer={stations.data} />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <SettingsForm settings={settings.data} />
        </Paper>
      </>
    );
  };

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title={TEXT.title}
        subtitle={TEXT.subtitle}
        actions={
          <Button
            component={Link}
            to={paths.kitchen}
            variant="default"
            leftSection={<IconChefHat size={18} aria-hidden />}
          >
            {TEXT.openDisplay}
          </Button>
        }
      />
      {content()}
    </Stack>
  );
}
