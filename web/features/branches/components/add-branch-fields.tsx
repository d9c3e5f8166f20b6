import type { ChangeEvent } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AddBranchValues } from '../branch-form';
import { BRANCH_TEXT } from '../branch-text';
import { FormSection, HINT_BELOW } from './form-section';
import { TemporaryPasswordField } from '../../../components/temporary-password-field';

const { fields } = BRANCH_TEXT;

/** The branch and its owner's login: everything of Add A Branch but the plan. */
export function AddBranchFields({ form }: { form: UseFormReturnType<AddBranchValues> }) {
  const code = form.getInputProps('branchCode');
  return (
    <>
      <FormSection title="Branch">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...form.getInputProps('branchName')}
            name="branchName"
            inputWrapperOrder={HINT_BELOW}
            label={fields.branchName}
            required
            withAsterisk={false}
          />
          <TextInput
            {...code}
            name="branchCode"
            inputWrapperOrder={HINT_BELOW}
            label={fields.branchCode}
            description="Letters, digits and -; unique; shown in capitals"
            maxLength={20}
            required
            withAsterisk={false}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              form.setFieldValue('branchCode', event.currentTarget.value.toUpperCase())
            }
          />
        </SimpleGrid>
        <TextInput
          {...form.getInputProps('location')}
          name="location"
          inputWrapperOrder={HINT_BELOW}
          label={fields.location}
          placeholder="Area, city"
          required
          withAsterisk={false}
        />
      </FormSection>
      <FormSection
        title="Owner and login"
        hint="The owner becomes the branch manager and gets a welcome mail (without the password)."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...form.getInputProps('ownerName')}
            name="ownerName"
            inputWrapperOrder={HINT_BELOW}
            label={fields.ownerName}
            required
            withAsterisk={false}
          />
          <TextInput
            {...form.getInputProps('email')}
            name="email"
            inputWrapperOrder={HINT_BELOW}
            type="email"
            label={fields.email}
            autoComplete="off"
            required
            withAsterisk={false}
          />
        </SimpleGrid>
        <TemporaryPasswordField
          inputWrapperOrder={HINT_BELOW}
          inputProps={form.getInputProps('password')}
          name="password"
          label={fields.password}
          description="Temporary, at least 8 characters: the manager chooses their own at the first login. Tell it to them yourself."
          onSuggest={(password) => form.setFieldValue('password', password)}
        />
      </FormSection>
    </>
  );
}
