import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { updateStaffBodySchema, type StaffMember } from '../../../../shared/schemas/staff.schemas';
import { fieldErrors } from '../../../lib/field-errors';
import { useUpdateStaff } from '../api/update-staff';
import { useStaff } from '../api/get-staff';
import { defaultStaffDates } from '../staff-dates';
import { useBranchToday } from '../../../lib/use-branch-today';
import { formFeedback } from '../../../lib/form-feedback';
import { STAFF_TEXT, staffFailureTitle } from '../staff-messages';
import { PlanDateFields } from './plan-date-fields';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { ModalFormActions, SubjectModal } from '../../../components/subject-modal';

const FIELDS = ['activeDate', 'deactiveDate'] as const;

type Props = { member: StaffMember | null; onClose: () => void };

export function EditPlanModal({ member, onClose }: Props) {
  return (
    <SubjectModal subject={member} onClose={onClose} title={() => 'Edit plan dates'}>
      {(subject) => <EditPlanForm member={subject} onDone={onClose} />}
    </SubjectModal>
  );
}

function EditPlanForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const update = useUpdateStaff();
  const { formRef, focusFirstError } = useFocusFirstError(FIELDS);
  const today = useBranchToday();
  const branchPlan = useStaff().data?.branchPlan;
  const defaults = defaultStaffDates(today, branchPlan);
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      activeDate: member.activeDate ?? defaults.activeDate,
      deactiveDate: member.deactiveDate ?? defaults.deactiveDate,
    },
    validate: (values) => fieldErrors(updateStaffBodySchema.safeParse(values).error?.issues ?? []),
  });

  const submit = form.onSubmit(
    (body) =>
      update.mutate(
        { id: member.id, body },
        formFeedback({
          success: (saved) => STAFF_TEXT.datesUpdated(saved.name),
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
        <Text size="sm">
          {member.name} may log in from the start date to the end date, both days included.
        </Text>
        <PlanDateFields
          start={form.getInputProps('activeDate')}
          end={form.getInputProps('deactiveDate')}
          branchEnd={branchPlan?.deactiveDate}
        />
        <ModalFormActions submitLabel="Save dates" onCancel={onDone} loading={update.isPending} />
      </Stack>
    </form>
  );
}
