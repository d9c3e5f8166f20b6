import { Button } from '@mantine/core';
import { useNavigate } from '../../lib/router';
import { paths } from '../../config/paths';
import { useLogout } from './api/logout';

/** The way out of a screen a sign-in is held on (a forced step): log out, back to the login. */
export function LogOutButton() {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Button
      variant="subtle"
      color="gray"
      loading={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onSettled: () => navigate(paths.login, { replace: true }),
        })
      }
    >
      Log out
    </Button>
  );
}
