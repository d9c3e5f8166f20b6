import { useState } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { suggestTemporaryPassword } from '../../../lib/temporary-password';
import { FIELD_STYLES } from './modal-styles';

type Props = {
  inputProps: GetInputPropsReturnType;
  name: string;
  onSuggest: (password: string) => void;
  autoFocus?: boolean;
};

/** A password the manager passes on; a suggested one is shown so it can be read out. */
export function TemporaryPasswordInput({ inputProps, name, onSuggest, autoFocus }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Stack gap={4}>
      <PasswordInput
        {...inputProps}
        name={name}
        label="Temporary password"
        description="At least 8 characters. They must change it at their next login."
        styles={FIELD_STYLES}
        autoComplete="new-password"
        required
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
