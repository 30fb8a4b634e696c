import { useSearchParams } from 'wouter';
import { useCurrentUser } from '../../../../shared/api/session.js';
import { nextPath } from '../utils/next-path.js';

const WAYS_IN = ['/sign-in', '/register'];

/**
 * Where a signed-in visitor of a way in goes (just signed in, or signed in before opening it),
 * or null while nobody is: the page's `next`, never back to a way in.
 */
export const useSignedInDestination = (): string | null => {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  if (!user.data) return null;
  const next = nextPath(params.get('next'));
  return WAYS_IN.includes(new URL(next, window.location.origin).pathname) ? '/' : next;
};
