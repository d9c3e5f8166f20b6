import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';

export function SignOutButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button
      variant="subtle"
      color="gray"
      fullWidth={fullWidth}
      justify={fullWidth ? 'flex-start' : undefined}
      loading={logout.isPending}
      onClick={() => logout.mutate(undefined, { onSettled: () => navigate(paths.login) })}
    >
      Log out
    </Button>
  );
}
