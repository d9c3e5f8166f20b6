import { NavLink } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';

export function SignOutButton() {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <NavLink
      component="button"
      label="Log out"
      disabled={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.login) })}
    />
  );
}
