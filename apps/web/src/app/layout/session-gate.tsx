// The guarded group's outlet: its screens render only while someone is logged in, so none of them fetches without a token.
import { useEffect } from 'react';
import { Outlet, useNavigation, useRevalidator } from 'react-router';
import { useCurrentUser } from '../../lib/session';

export function SessionGate() {
  const user = useCurrentUser();
  const idle = useNavigation().state === 'idle';
  const { revalidate } = useRevalidator();
  useEffect(() => {
    // The session ended while a guarded screen was open (a 401, a logout in another tab): the route's guard says
    // where to go, as on a fresh load. A logout is a navigation already under way, so there is nothing to do.
    if (!user && idle) void revalidate();
  }, [user, idle, revalidate]);
  return user ? <Outlet /> : null;
}
