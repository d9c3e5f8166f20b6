import { useEffect } from 'react';
import { Alert, NativeSelect, PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ApproverList } from '../../shared/schemas/voids.schemas';

/** The approval's words (a screen may say why no manager can approve there). */
export const APPROVAL_TEXT = {
  manager: 'Manager',
  chooseManager: 'Choose the manager',
  loading: 'Loading managers...',
  noManagers: 'No manager has set an approval PIN yet: a manager sets one in Settings.',
  pin: 'Manager’s PIN',
  pinHint: '4 to 6 digits, typed by the manager',
} as const;

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
 * A manager's approval on a staff member's device (voids, complimentary items above the limit,
 * a count over the limit, a fixed display): the manager (web/lib/approvers.ts) and their PIN,
 * typed by the manager. Says so when no manager has set a PIN yet.
 */
export function ManagerApproval({
  approvers,
  loading,
  manager,
  pin,
  onPin,
  pinName,
  managerName = 'managerId',
  managerLabel = APPROVAL_TEXT.manager,
  noManagers = APPROVAL_TEXT.noManagers,
  size,
}: {
  approvers: ApproverList | undefined;
  loading: boolean;
  manager: GetInputPropsReturnType;
  pin: GetInputPropsReturnType;
  onPin: (pin: string) => void;
  /** The PIN field's name (password managers keep away from it). */
  pinName: string;
  managerName?: string;
  managerLabel?: string;
  /** What to say when no manager has a PIN (who else may do it here). */
  noManagers?: string;
  size?: 'md';
}) {
  const text = APPROVAL_TEXT;
  const managers = approvers?.items ?? [];
  return (
    <>
      {approvers && managers.length === 0 ? (
        <Alert color="yellow">{noManagers}</Alert>
      ) : (
        <NativeSelect
          label={managerLabel}
          name={managerName}
          size={size}
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
        size={size}
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
