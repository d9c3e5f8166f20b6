import { useState } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { suggestTemporaryPassword } from '../../../lib/temporary-password';
import { HINT_BELOW } from './form-section';

type Props = {
  inputProps: GetInputPropsReturnType;
  name: string;
  label: string;
  description: string;
  onSuggest: (password: string) => void;
  autoFocus?: boolean;
};

/** A temporary password with show/hide, and a suggested one shown so it can be read out. */
export function PasswordField({
  inputProps,
  name,
  label,
  description,
  onSuggest,
  autoFocus,
}: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Stack gap={4}>
      <PasswordInput
        {...inputProps}
        name={name}
        inputWrapperOrder={HINT_BELOW}
        label={label}
        description={description}
        autoComplete="new-password"
        required
        withAsterisk={false}
        data-autofocus={autoFocus || undefined}
        visible={visible}
        onVisibilityChange={setVisible}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
      />
      <Button
        variant="subtle"
        size="compact-sm"
        style={{ alignSelf: 'flex-start' }}
        onClick={() => {
          onSuggest(suggestTemporaryPassword());
          setVisible(true);
        }}
      >
        Suggest a password
      </Button>
    </Stack>
  );
}
