import { Modal, Radio, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createStaffBodySchema,
  type CreateStaffBody,
} from '../../../../shared/schemas/staff.schemas';
import { fieldErrors } from '../../../lib/field-errors';
import { useCreateStaff } from '../api/create-staff';
import { useStaff } from '../api/get-staff';
import { defaultStaffDates } from '../staff-dates';
import { useBranchToday } from '../../../lib/use-branch-today';
import { formFeedback } from '../../../lib/form-feedback';
import { STAFF_TEXT, staffFailureTitle } from '../staff-messages';
import { FIELD_STYLES } from './modal-styles';
import { PlanDateFields } from './plan-date-fields';
import { TemporaryPasswordField } from '../../../components/temporary-password-field';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { ModalFormActions } from '../../../components/subject-modal';

const FIELDS = ['role', 'name', 'email', 'password', 'activeDate', 'deactiveDate'] as const;

function emptyForm(dates: { activeDate: string; deactiveDate: string }): CreateStaffBody {
  return { role: 'staff', name: '', email: '', password: '', ...dates };
}

type Props = { opened: boolean; onClose: () => void };

export function AddStaffModal({ opened, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={STAFF_TEXT.addStaff} size="lg">
      <AddStaffForm onDone={onClose} />
    </Modal>
  );
}

/** The new member's details; checked with the server's own schema before it is sent. */
function AddStaffForm({ onDone }: { onDone: () => void }) {
  const create = useCreateStaff();
  const today = useBranchToday();
  const branchPlan = useStaff().data?.branchPlan;
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const form = useForm<CreateStaffBody>({
    mode: 'controlled',
    initialValues: emptyForm(defaultStaffDates(today, branchPlan)),
    validate: (values) => fieldErrors(createStaffBodySchema.safeParse(values).error?.issues ?? []),
  });

  const submit = form.onSubmit(
    (values) =>
      create.mutate(
        values,
        formFeedback({
          success: (member) => STAFF_TEXT.added(member.name),
          onDone,
          fields: FIELDS,
          setErrors: form.setErrors,
          focusFirstError,
          failureTitle: staffFailureTitle,
        }),
      ),
    focusFirstError,
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Radio.Group
          {...form.getInputProps('role')}
          name="role"
          label={STAFF_TEXT.roleLabel}
          description={
            form.values.role === 'kitchen' ? STAFF_TEXT.kitchenHint : STAFF_TEXT.staffHint
          }
        >
          <Group gap="lg" mt={6}>
            <Radio value="staff" label={STAFF_TEXT.roles.staff} />
            <Radio value="kitchen" label={STAFF_TEXT.roles.kitchen} />
          </Group>
        </Radio.Group>
        <TextInput
          {...form.getInputProps('name')}
          name="name"
          label="Name"
          autoComplete="off"
          required
          data-autofocus
        />
        <TextInput
          {...form.getInputProps('email')}
          name="email"
          type="email"
          label="Email"
          description="They log in with this email"
          styles={FIELD_STYLES}
          autoComplete="off"
          required
        />
        <TemporaryPasswordField
          label="Temporary password"
          description="At least 8 characters. They must change it at their next login."
          name="password"
          inputProps={form.getInputProps('password')}
          onSuggest={(password) => form.setFieldValue('password', password)}
        />
        <PlanDateFields
          start={form.getInputProps('activeDate')}
          end={form.getInputProps('deactiveDate')}
          branchEnd={branchPlan?.deactiveDate}
        />
        <ModalFormActions
          submitLabel={STAFF_TEXT.addStaff}
          onCancel={onDone}
          loading={create.isPending}
        />
      </Stack>
    </form>
  );
}
