import { useEffect } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from '../../lib/router';
import { LABELS, MESSAGES } from '../../../shared/messages';
import type { VendorBody, VendorDetail } from '../../../shared/schemas/vendors.schemas';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { ListSkeleton } from '../../components/skeletons';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import {
  formFeedback,
  notifyActionFailure,
  notifyFailure,
  notifySuccess,
} from '../../lib/form-feedback';
import { useArchiveVendor } from './api/archive-vendor';
import { useCreateVendor } from './api/create-vendor';
import { useVendor } from './api/get-vendor';
import { useUpdateVendor } from './api/update-vendor';
import {
  VENDOR_FIELDS,
  VendorForm,
  emptyVendorForm,
  renameVendorField,
  type VendorFormValues,
} from './components/vendor-form';
import { VENDOR_TEXT } from './vendor-text';

type FormHandle = Parameters<Parameters<typeof VendorForm>[0]['onSubmit']>[1];

const feedback = <T,>(success: string, onDone: () => void, form: FormHandle) =>
  formFeedback<T>({
    success: () => success,
    onDone,
    fields: VENDOR_FIELDS,
    setErrors: form.setErrors,
    focusFirstError: form.focusFirstError,
    failureTitle: VENDOR_TEXT.saveFailed,
    rename: renameVendorField,
  });

/**
 * /add-vendor: a new vendor ('Vendor added successfully!', then the dashboard). With
 * `?edit=<id>` (the dashboard's Edit details) the same form edits that vendor, which can also
 * be archived there.
 */
export function AddVendorPage() {
  const [params] = useSearchParams();
  const editId = params.get('edit');
  return editId ? <EditVendor id={editId} /> : <AddVendor />;
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={title} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        {children}
      </Paper>
    </Stack>
  );
}

function AddVendor() {
  const navigate = useNavigate();
  const create = useCreateVendor();
  const toDashboard = () => void navigate(paths.vendors);
  return (
    <Frame title={LABELS.vendor.addVendor}>
      <VendorForm
        initialValues={emptyVendorForm}
        submitLabel={LABELS.vendor.addVendor}
        pending={create.isPending}
        onSubmit={(body, form) =>
          create.mutate(body, feedback(MESSAGES.vendor.added, toDashboard, form))
        }
        onCancel={toDashboard}
      />
    </Frame>
  );
}

const formValuesOf = (vendor: VendorDetail): VendorFormValues => ({
  name: vendor.name,
  contactNo: vendor.contactNo,
  address: vendor.address,
  categories: vendor.categories,
  itemIds: vendor.items.map((item) => item.id),
});

function EditVendor({ id }: { id: string }) {
  const navigate = useNavigate();
  const vendor = useVendor(id);
  const update = useUpdateVendor();
  const archive = useArchiveVendor();
  const toDashboard = () => void navigate(paths.vendors);
  const missing =
    vendor.error instanceof ApiError &&
    (vendor.error.status === 404 || vendor.error.status === 400);

  // Archived from here, the vendor's refetch answers 404: the archive's own success says so.
  const archivedHere = archive.isPending || archive.isSuccess;
  useEffect(() => {
    if (!missing || archivedHere) return;
    notifyFailure(MESSAGES.vendor.notFound);
    void navigate(paths.vendors, { replace: true });
  }, [missing, archivedHere, navigate]);

  const onArchive = (detail: VendorDetail) =>
    confirmAction({
      title: VENDOR_TEXT.archiveTitle(detail.name),
      message: VENDOR_TEXT.archiveMessage,
      confirmLabel: VENDOR_TEXT.archive,
      danger: true,
      onConfirm: () =>
        archive.mutate(detail.id, {
          onSuccess: () => {
            notifySuccess(VENDOR_TEXT.archived(detail.name));
            toDashboard();
          },
          onError: (error) => notifyActionFailure(error, VENDOR_TEXT.archiveFailed),
        }),
    });

  return (
    <Frame title={VENDOR_TEXT.editTitle}>
      {vendor.isPending || missing ? (
        <ListSkeleton label={VENDOR_TEXT.loadingVendor} rows={4} />
      ) : vendor.isError ? (
        <QueryError
          title={VENDOR_TEXT.vendorLoadFailed}
          error={vendor.error}
          onRetry={() => void vendor.refetch()}
        />
      ) : (
        <Stack gap="xl">
          <VendorForm
            key={vendor.data.id}
            initialValues={formValuesOf(vendor.data)}
            knownItems={vendor.data.items}
            submitLabel={LABELS.inventory.saveChanges}
            pending={update.isPending}
            onSubmit={(body: VendorBody, form) =>
              update.mutate({ id, body }, feedback(MESSAGES.vendor.updated, toDashboard, form))
            }
            onCancel={toDashboard}
          />
          <Group
            justify="space-between"
            gap="sm"
            pt="md"
            style={{ borderTop: '1px solid var(--tf-line)' }}
          >
            <Text size="sm" c="dimmed" maw={420}>
              {VENDOR_TEXT.archiveMessage}
            </Text>
            <Button
              color="red"
              variant="light"
              leftSection={<IconArchive size={16} aria-hidden />}
              loading={archive.isPending}
              onClick={() => onArchive(vendor.data)}
            >
              {VENDOR_TEXT.archive}
            </Button>
          </Group>
        </Stack>
      )}
    </Frame>
  );
}
