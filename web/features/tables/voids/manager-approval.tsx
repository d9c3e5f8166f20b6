import { useEffect } from 'react';
import { Alert, NativeSelect, PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ApproverList } from '../../../../shared/schemas/voids.schemas';
import { VOID_TEXT as text } from './void-text';

/** A PIN as it is typed: digits only, at most six. */
export const pinDigits = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** The branch's one manager with a PIN is chosen for the approval (else none is chosen). */
export function useOnlyManager(
  approvers: ApproverList | undefined,
  chosen: string,
  choose: (managerId: string) => void,
) {
  const managers = approvers?.items ?? [];
  const only = managers.length === 1 ? managers[0]!.id : '';
  useEffect(() => {
    if (only && chosen === '') choose(only);
  }, [only, chosen, choose]);
}

/**
 * A manager's approval on a waiter's device (voids, complimentary items above the limit): the
 * manager (GET /api/voids/approvers) and their PIN, typed by the manager. Says so when no
 * manager has set a PIN yet.
 */
export function ManagerApproval({
  approvers,
  loading,
  manager,
  pin,
  onPin,
  pinName,
}: {
  approvers: ApproverList | undefined;
  loading: boolean;
  manager: GetInputPropsReturnType;
  pin: GetInputPropsReturnType;
  onPin: (pin: string) => void;
  /** The PIN field's name (password managers keep away from it). */
  pinName: string;
}) {
  const managers = approvers?.items ?? [];
  return (
    <>
      {approvers && managers.length === 0 ? (
        <Alert color="yellow">{text.noManagers}</Alert>
      ) : (
        <NativeSelect
          label={text.manager}
          withAsterisk
          data={[
            { value: '', label: loading ? text.loading : text.chooseManager },
            ...managers.map((one) => ({ value: one.id, label: one.name })),
          ]}
          {...manager}
        />
      )}
      <PasswordInput
        label={text.pin}
        description={text.pinHint}
        withAsterisk
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={6}
        autoComplete="off"
        name={pinName}
        {...pin}
        onChange={(event) => onPin(pinDigits(event.currentTarget.value))}
      />
    </>
  );
}
