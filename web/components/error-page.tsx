import { useRouteError } from '../lib/router';
import { BrandedMessage, BrandedPage } from './branded-page';
import { Button } from './kit/button';

/** Shown when a screen fails unexpectedly: a short sentence and a way on, never a stack. */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <BrandedPage>
      <BrandedMessage>
        <h1>Something went wrong</h1>
        <p>This screen could not be shown. Reload the page to try again.</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </BrandedMessage>
    </BrandedPage>
  );
}
