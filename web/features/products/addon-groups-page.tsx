import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArchive, IconArrowLeft, IconPencil, IconPlus, IconStack2 } from '@tabler/icons-react';
import { Link } from '../../lib/router';
import type { AddonGroup } from '../../../shared/schemas/menu.schemas';
import { confirmAction } from '../../components/confirm';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CardSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { notifyActionFailure, notifySuccess } from '../../lib/form-feedback';
import { useAddonGroups, useArchiveAddonGroup } from './api/addon-groups';
import { choicesRuleText } from './addon-group-form';
import { AddonGroupModal } from './components/addon-group-modal';
import { shortInr } from './menu-arrange';
import { PRODUCT_TEXT } from './product-text';

/** What the dialog edits: a new group, or one of the list. */
type Editing = { group: AddonGroup | null } | null;

/** /products/addon-groups: the branch's add-on groups with their options; add, edit, archive. */
export function AddonGroupsPage() {
  const groups = useAddonGroups();
  const [editing, setEditing] = useState<Editing>(null);

  const body = () => {
    if (groups.isPending) return <CardSkeleton label="Loading add-on groups..." count={3} />;
    if (groups.isError) {
      return (
        <QueryError
          title={PRODUCT_TEXT.groupsLoadFailed}
          error={groups.error}
          onRetry={() => void groups.refetch()}
        />
      );
    }
    if (groups.data.length === 0) {
      return (
        <EmptyState
          icon={IconStack2}
          message={PRODUCT_TEXT.noGroups}
          hint={PRODUCT_TEXT.noGroupsHint}
          action={{ label: PRODUCT_TEXT.addGroup, onClick: () => setEditing({ group: null }) }}
        />
      );
    }
    return (
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {groups.data.map((group) => (
          <GroupCard key={group.id} group={group} onEdit={() => setEditing({ group })} />
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={PRODUCT_TEXT.groupsTitle}
        count={groups.data?.length}
        subtitle={PRODUCT_TEXT.groupsHint}
        actions={
          <>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing({ group: null })}
            >
              {PRODUCT_TEXT.addGroup}
            </Button>
            <Button
              component={Link}
              to={paths.products}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {PRODUCT_TEXT.backToProducts}
            </Button>
          </>
        }
      />
      <div aria-busy={groups.isFetching}>{body()}</div>
      <AddonGroupModal
        // A new dialog for each group opened: its form starts from that group.
        key={editing ? (editing.group?.id ?? 'new') : 'closed'}
        opened={editing !== null}
        group={editing?.group ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

function GroupCard({ group, onEdit }: { group: AddonGroup; onEdit: () => void }) {
  const archive = useArchiveAddonGroup();
  const required = group.minChoices > 0;
  const askArchive = () =>
    confirmAction({
      title: PRODUCT_TEXT.archiveGroupTitle(group.name),
      message: PRODUCT_TEXT.archiveGroupMessage,
      confirmLabel: PRODUCT_TEXT.archive,
      danger: true,
      onConfirm: () =>
        archive.mutate(group.id, {
          onSuccess: () => notifySuccess(PRODUCT_TEXT.archived(group.name)),
          onError: (error) => notifyActionFailure(error, PRODUCT_TEXT.archiveGroupFailed),
        }),
    });
  return (
    <Paper component="li" withBorder radius="lg" p="md" aria-label={group.name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} miw={0}>
            <Title order={2} size="h4" c="var(--tf-ink)">
              {group.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color={required ? 'brand' : 'gray'} size="sm">
                {required ? PRODUCT_TEXT.required : PRODUCT_TEXT.optional}
              </Badge>
              <Text size="sm" fw={500}>
                {choicesRuleText(group)}
              </Text>
            </Group>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={onEdit}
                aria-label={PRODUCT_TEXT.editGroup(group.name)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={PRODUCT_TEXT.archive}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={askArchive}
                loading={archive.isPending}
                aria-label={`${PRODUCT_TEXT.archive} ${group.name}`}
              >
                <IconArchive size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {group.options.map((option) => (
            <Group key={option.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{option.name}</Text>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {option.pricePaise > 0 ? `+${shortInr(option.pricePaise)}` : PRODUCT_TEXT.free}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text size="xs" c="dimmed" mt="auto">
          {PRODUCT_TEXT.onProducts(group.productCount)}
        </Text>
      </Stack>
    </Paper>
  );
}
