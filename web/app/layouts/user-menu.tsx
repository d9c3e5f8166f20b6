import { useState } from 'react';
import {
  IconChevronDown,
  IconDeviceDesktop,
  IconKey,
  IconLogout,
  IconShieldLock,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../lib/router';
import { LABELS } from '../../../shared/messages';
import { ROLE_LABELS, can } from '../../../shared/permissions';
import type { Session } from '../../../shared/schemas/auth.schemas';
import { paths } from '../../config/paths';
import { Menu, MenuDivider, MenuItem } from '../../components/kit/menu';
import { lazyMantine } from '../../components/lazy-mantine';
import { useLogout } from '../../features/auth/api/logout';
import { useSetFixedDisplay } from '../../features/auth/api/fixed-display';
import { unsentSummary, useTapOutbox } from '../../features/tables/api/order-sync';
import { TABLE_TEXT } from '../../features/tables/table-text';
import { FIXED_DISPLAY_TEXT } from '../../features/auth/api/fixed-display';
import { notifyActionFailure } from '../../lib/form-feedback';
import { lazyPiece, usePreloadWhenIdle } from '../../components/kit/lazy';

// A Mantine dialog, a chunk of its own loaded when first shown: the frame does not carry it.
const FixedDisplayApproval = lazyMantine(() =>
  import('../../features/auth/fixed-display-approval').then((m) => m.FixedDisplayApproval),
);

// Asked only when taps wait to be sent: after the first view, ready before it is needed (and
// kept on the device by the service worker for a sign-out while offline).
const SignOutDialog = lazyPiece(() => import('./sign-out-dialog').then((m) => m.SignOutDialog));

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/**
 * The header's account menu: who is signed in (name, role), Change password, Two-factor sign-in
 * (super admins and managers) and Log out.
 */
export function UserMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const outbox = useTapOutbox();
  const fixedDisplay = useSetFixedDisplay();
  const [approving, setApproving] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  usePreloadWhenIdle(SignOutDialog);
  const { name, role } = session.user;
  const logOut = () => logout.mutate(undefined, { onSettled: () => navigate(paths.login) });
  // Taps not sent yet stay on the device for the branch's next sign-in: say so first.
  const askThenLogOut = () => {
    const { count, labels } = unsentSummary(queryClient, outbox);
    if (count === 0) return logOut();
    setAsking(TABLE_TEXT.signOutMessage(count, labels.join(', ')));
  };
  return (
    <>
      {approving && <FixedDisplayApproval opened onClose={() => setApproving(false)} />}
      {asking && (
        <SignOutDialog message={asking} onConfirm={logOut} onClose={() => setAsking(null)} />
      )}
      <Menu
        // Holds what it shows (initials, then name and role on wider screens), as voice control
        // and axe's label-content-name-mismatch ask.
        label={`${initials(name)} ${name}, ${ROLE_LABELS[role]}: account menu`}
        buttonClassName="tf-user-button"
        button={
          <>
            <span className="tf-avatar" aria-hidden>
              {initials(name)}
            </span>{' '}
            <span className="tf-user-name">
              <span>{name}</span> <span>{ROLE_LABELS[role]}</span>
            </span>
            <IconChevronDown size={16} aria-hidden />
          </>
        }
        header={
          // Spans, not paragraphs: a menu may hold only menu items and generic text.
          <>
            <span className="tf-user-menu-name">{name}</span>
            <span className="tf-user-menu-role">
              {ROLE_LABELS[role]}
              {session.branch ? ` · ${session.branch.name}` : ''}
            </span>
          </>
        }
      >
        <MenuDivider />
        <MenuItem to={paths.changePassword} icon={<IconKey size={16} aria-hidden />}>
          Change password
        </MenuItem>
        {can(role, 'twoFactor.use') && (
          <MenuItem to={paths.twoFactor} icon={<IconShieldLock size={16} aria-hidden />}>
            {LABELS.twoFactor.title}
          </MenuItem>
        )}
        {can(role, 'tables.use') && (
          <MenuItem
            icon={<IconDeviceDesktop size={16} aria-hidden />}
            disabled={fixedDisplay.isPending}
            onSelect={() =>
              // Staff ask a manager to approve; a manager marks their own; anyone unmarks.
              !session.fixedDisplay && !can(role, 'kitchen.manage')
                ? setApproving(true)
                : fixedDisplay.mutate(
                    { fixedDisplay: !session.fixedDisplay },
                    { onError: (error) => notifyActionFailure(error, FIXED_DISPLAY_TEXT.failed) },
                  )
            }
          >
            {session.fixedDisplay ? FIXED_DISPLAY_TEXT.unmark : FIXED_DISPLAY_TEXT.mark}
          </MenuItem>
        )}
        <MenuItem
          icon={<IconLogout size={16} aria-hidden />}
          disabled={logout.isPending}
          onSelect={askThenLogOut}
        >
          Log out
        </MenuItem>
      </Menu>
    </>
  );
}
