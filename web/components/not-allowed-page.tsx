import { IconLock } from '@tabler/icons-react';
import { MESSAGES } from '../../shared/messages';
import type { Role } from '../../shared/permissions';
import { useTitleInstead } from '../app/page-title';
import { LinkButton } from './kit/button';
import './not-allowed-page.css';

/** What to do next, in words that fit who is asking. */
const NEXT_STEP: Readonly<Record<Role, string>> = {
  staff: 'Ask your branch manager if you need it.',
  branch_manager:
    'It is not one of your branch’s screens. Everything your branch uses is in the menu.',
  kitchen: 'This account shows the kitchen display only.',
  super_admin: 'It belongs to a branch’s own screens. You manage branches from the admin area.',
};

/** The page's heading, and the tab's title while it is shown. */
const NOT_ALLOWED_TITLE = 'Not allowed';

/**
 * What a signed-in user sees, inside their own frame, on a screen their role may not open:
 * never the screen's data.
 */
export function NotAllowedPage({ role, homePath }: { role: Role; homePath: string }) {
  useTitleInstead(NOT_ALLOWED_TITLE);
  return (
    <div className="tf-not-allowed">
      <span className="tf-not-allowed-icon" aria-hidden>
        <IconLock size={34} stroke={1.6} aria-hidden />
      </span>
      <h1>{NOT_ALLOWED_TITLE}</h1>
      <p>{MESSAGES.auth.notAllowed}</p>
      <p className="tf-not-allowed-next">{NEXT_STEP[role]}</p>
      <LinkButton variant="primary" to={homePath}>
        Go to my start page
      </LinkButton>
    </div>
  );
}
