import { Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { BranchView } from '../../../../shared/schemas/branches.schemas';
import { useUpdatePlan } from '../api/update-plan';
import {
  PLAN_FIELDS,
  amountText,
  apiFieldToForm,
  checkPlan,
  type PlanValues,
} from '../branch-form';
import { formFeedback } from '../../../lib/form-feedback';
import { BRANCH_TEXT, planLabel } from '../branch-text';
import { formatDisplayDate } from '../../../../shared/dates';
import { planToday, renewalDraft, renewalPeriodStart } from '../plan-dates';
import { PlanFields } from './plan-fields';
import { useFocusFirstError } from '../../../lib/use-focus-first-error';
import { ModalFormActions, SubjectModal } from '../../../components/subject-modal';

const { renew } = BRANCH_TEXT;

type Props = { branch: BranchView | null; opened: boolean; onClose: () => void };

export function RenewPlanModal({ branch, opened, onClose }: Props) {
  return (
    <SubjectModal
      subject={branch}
      opened={opened}
      onClose={onClose}
      title={(subject) => renew.title(subject.name)}
      size="lg"
    >
      {(subject) => <RenewPlanForm branch={subject} onDone={onClose} />}
    </SubjectModal>
  );
}

function RenewPlanForm({ branch, onDone }: { branch: BranchView; onDone: () => void }) {
  const update = useUpdatePlan();
  const { formRef, focusFirstError } = useFocusFirstError(PLAN_FIELDS);
  const today = planToday();
  const form = useForm<PlanValues>({
    mode: 'controlled',
    initialValues: {
      ...renewalDraft(branch, today),
      numberOfUsers: branch.numberOfUsers,
      amount: amountText(branch.amountPaise),
    },
    validate: (values) => checkPlan(values).errors ?? {},
  });

  const submit = form.onSubmit((values) => {
    const { body } = checkPlan(values);
    if (!body) return;
    update.mutate(
      { id: branch.id, body },
      formFeedback({
        success: (saved) => renew.done(saved.name),
        onDone,
        fields: PLAN_FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: BRANCH_TEXT.failedTitle,
        rename: apiFieldToForm,
      }),
    );
  }, focusFirstError);

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Now: {planLabel(branch)}, from {formatDisplayDate(branch.activeDate)} to{' '}
          {formatDisplayDate(branch.deactiveDate)}. The new dates replace these; both days are
          included.
        </Text>
        <PlanFields
          input={(name) => form.getInputProps(name)}
          values={form.getValues()}
          setValues={form.setValues}
          periodStart={renewalPeriodStart(branch, today)}
        />
        <ModalFormActions
          submitLabel={renew.submit}
          cancelLabel={BRANCH_TEXT.cancel}
          onCancel={onDone}
          loading={update.isPending}
        />
      </Stack>
    </form>
  );
}
