import { useState } from 'react';
import { Button, PasswordInput, Stack, type PasswordInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { suggestTemporaryPassword } from '../../shared/temporary-password';

type Props = {
  inputProps: GetInputPropsReturnType;
  name: string;
  label: string;
  description: string;
  onSuggest: (password: string) => void;
  autoFocus?: boolean;
  inputWrapperOrder?: PasswordInputProps['inputWrapperOrder'];
};

/**
 * A temporary password (a new manager's or staff member's) with show/hide, and a suggested one
 * shown in clear so it can be read out; its owner must change it at the first login.
 */
export function TemporaryPasswordField({
  inputProps,
  name,
  label,
  description,
  onSuggest,
  autoFocus,
  inputWrapperOrder,
}: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Stack gap={4}>
      <PasswordInput
        {...inputProps}
        name={name}
        inputWrapperOrder={inputWrapperOrder}
        label={label}
        description={description}
        autoComplete="new-password"
        required
        withAsterisk={false}
        data-autofocus={autoFocus || undefined}
        visible={visible}
        onVisibilityChange={setVisible}
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
