import { useEffect, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '../../lib/router';
import { BRANCH_REDIRECT_MS } from '../../../shared/constants';
import { LABELS, MESSAGES } from '../../../shared/messages';
import type { CreatedBranch } from '../../../shared/schemas/branches.schemas';
import { paths } from '../../config/paths';
import { useCreateBranch } from './api/create-branch';
import {
  ADD_BRANCH_FIELDS,
  apiFieldToForm,
  checkAddBranch,
  emptyAddBranchValues,
  type AddBranchValues,
} from './branch-form';
import { formFeedback, notifyFailure } from '../../lib/form-feedback';
import { AddBranchFields } from './components/add-branch-fields';
import { FormSection } from './components/form-section';
import { PlanFields } from './components/plan-fields';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { planToday } from './plan-dates';

/** The spec's toast when the welcome mail left; honest words when it waits in the outbox. */
function createdMessage(welcomeMail: CreatedBranch['welcomeMail']) {
  if (welcomeMail === 'sent') return MESSAGES.branch.created;
  return welcomeMail === 'queued'
    ? MESSAGES.branch.createdMailQueued
    : MESSAGES.branch.createdMailRetrying;
}

/** /admin: the super admin creates a branch, its manager's account and the welcome mail. */
export function AddBranchPage() {
  const navigate = useNavigate();
  const create = useCreateBranch();
  const { formRef, focusFirstError } = useFocusFirstError(ADD_BRANCH_FIELDS);
  const today = planToday();
  const form = useForm<AddBranchValues>({
    mode: 'controlled',
    initialValues: emptyAddBranchValues(),
    validate: (values) => checkAddBranch(values).errors ?? {},
  });

  // Spec: after success the user goes to /branches 1.5 s later (the toast stays visible).
  useEffect(() => {
    if (!create.isSuccess) return;
    const timer = window.setTimeout(() => navigate(paths.branches), BRANCH_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [create.isSuccess, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending || create.isSuccess) return;
    const { activeDate } = form.getValues();
    if (activeDate && activeDate < today) {
      const message = MESSAGES.branch.startDateBeforeToday;
      notifyFailure(message);
      form.setFieldError('activeDate', message);
      focusFirstError({ activeDate: message });
      return;
    }
    const validation = form.validate();
    if (validation.hasErrors) return focusFirstError(validation.errors);
    const { body } = checkAddBranch(form.getValues());
    if (!body) return;
    create.mutate(
      body,
      formFeedback({
        success: (branch) => createdMessage(branch.welcomeMail),
        fields: ADD_BRANCH_FIELDS,
        setErrors: form.setErrors,
        focusFirstError,
        failureTitle: MESSAGES.branch.createFailed,
        rename: apiFieldToForm,
      }),
    );
  };

  const busy = create.isPending || create.isSuccess;
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} size="h2">
          {LABELS.admin.addBranch}
        </Title>
        <Text c="dimmed">
          A new branch with its plan, and the login of its manager. Every field is needed unless it
          says optional.
        </Text>
      </div>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={LABELS.admin.addBranch}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="xl">
            <AddBranchFields form={form} />
            <FormSection title="Plan" hint="Both dates are included.">
              <PlanFields
                input={(name) => form.getInputProps(name)}
                values={form.getValues()}
                setValues={form.setValues}
                minStart={today}
              />
            </FormSection>
            <Group justify="flex-end">
              <Button
                type="submit"
                size="md"
                loading={busy}
                disabled={busy}
                w={{ base: '100%', xs: 'auto' }}
              >
                Create branch
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
