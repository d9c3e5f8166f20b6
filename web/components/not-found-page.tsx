import { IconMapPinQuestion } from '@tabler/icons-react';
import { MESSAGES } from '../../shared/messages';
import { startPage } from '../../shared/start-page';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';
import { BrandedMessage, BrandedPage } from './branded-page';
import { LinkButton } from './kit/button';

/**
 * Any address that is no screen of the app (the server answers it with HTTP 404 too). The way
 * on: the signed-in user's start page, or the home page and the login for a visitor.
 */
export function NotFoundPage() {
  const user = useSession().data?.user;
  return (
    <BrandedPage width={480}>
      <BrandedMessage>
        <IconMapPinQuestion size={48} stroke={1.5} color="var(--kit-brand)" aria-hidden />
        <h1>{MESSAGES.common.pageNotFound}</h1>
        <p className="tf-muted">
          There is no page at this address. Check the link, or start again from one of these.
        </p>
        <div className="tf-branded-actions">
          <LinkButton to={paths.home}>Go to the home page</LinkButton>
          {user ? (
            <LinkButton variant="primary" to={startPage(user, 'home')}>
              Go to my start page
            </LinkButton>
          ) : (
            <LinkButton variant="primary" to={paths.login}>
              Log in
            </LinkButton>
          )}
        </div>
      </BrandedMessage>
    </BrandedPage>
  );
}
