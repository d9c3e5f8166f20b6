import { useState } from 'react';
import {
  Alert,
  Anchor,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { formatDisplayDateTime } from '../../../shared/dates';
import { planName } from '../../../shared/plans';
import { useDemoRequests, type DemoRequestRow } from './api/get-demo-requests';
import { useBelow } from '../../lib/use-below';

const PAGE_SIZE = 10;

/** '2026-11-22T09:11:00Z' as '22 Nov 2026, 2:41 pm' (India time). */
const formatReceivedAt = (iso: string) => formatDisplayDateTime(new Date(iso));

const COLUMNS = ['Name', 'Business', 'Asks for', 'Phone', 'Email', 'Received at'];

/** What the lead asked for: the plan whose 'Buy Now' they pressed, or a free demo. */
const askedFor = (request: DemoRequestRow) =>
  request.plan ? `${planName(request.plan)} plan` : 'Free demo';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** One request as a card, for phones. */
function RequestCard({ request }: { request: DemoRequestRow }) {
  return (
    <Card withBorder radius="md" padding="sm" component="li">
      <Group justify="space-between" align="baseline" gap="xs">
        <Text fw={600}>{request.name}</Text>
        <Text size="xs" c="dimmed">
          {formatReceivedAt(request.createdAt)}
        </Text>
      </Group>
      <Text size="sm">
        {request.businessName} · {askedFor(request)}
      </Text>
      <Anchor href={telHref(request.contactNumber)} size="sm" display="block">
        {request.contactNumber}
      </Anchor>
      <Anchor href={`mailto:${request.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {request.email}
      </Anchor>
    </Card>
  );
}

function RequestsTable({ items }: { items: DemoRequestRow[] }) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={860} type="native">
        <Table verticalSpacing="sm" fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((request) => (
              <Row key={request.id} request={request} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Row({ request }: { request: DemoRequestRow }) {
  return (
    <Table.Tr>
      <Table.Td>{request.name}</Table.Td>
      <Table.Td>{request.businessName}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{askedFor(request)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Anchor href={telHref(request.contactNumber)} size="sm">
          {request.contactNumber}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Anchor href={`mailto:${request.email}`} size="sm">
          {request.email}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatReceivedAt(request.createdAt)}</Table.Td>
    </Table.Tr>
  );
}

/** Demo requests from the landing page, newest first: search and pages (super admin). */
export function DemoRequestsList() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const requests = useDemoRequests({ search: debounced, page, pageSize: PAGE_SIZE });
  const total = requests.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const wide = !useBelow('sm');

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={2} size="h3">
            Demo requests
          </Title>
          {requests.data && (
            <Text size="sm" c="dimmed">
              {total === 1 ? '1 request' : `${total} requests`}
              {debounced && ` matching “${debounced}”`}
            </Text>
          )}
        </div>
        <TextInput
          type="search"
          aria-label="Search demo requests"
          placeholder="Name, business, phone or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 320 }}
        />
      </Group>
      {requests.isPending ? (
        <Center py="lg">
          <Loader aria-label="Loading demo requests" />
        </Center>
      ) : requests.isError ? (
        <Alert color="red" title="The demo requests could not be loaded.">
          {requests.error.message}
        </Alert>
      ) : requests.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="lg" ta="center">
          <Text c="dimmed" size="sm">
            {debounced ? `No demo request matches “${debounced}”.` : 'No demo requests yet.'}
          </Text>
        </Paper>
      ) : wide ? (
        <RequestsTable items={requests.data.items} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {requests.data.items.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? 'Previous page'
                : control === 'next'
                  ? 'Next page'
                  : undefined,
          })}
        />
      )}
    </Stack>
  );
}
