// The lock button's behaviour on cards and the detail screen; the flow itself (unlock-actions.ts) and the popup load on demand.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Lead } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { notify } from '../../lib/notify';
import { useCurrentUser } from '../../lib/session';
import { leadsTexts } from '../../i18n/en/leads';
import { translate } from '../../i18n/runtime';

export const UNLOCK_UNAVAILABLE_TEXT = leadsTexts.en.unlockUnavailable;

const loadUnlockActions = () => import('./unlock-actions');
const loadPurchasePopup = () => import('../../components/purchase-popup');
const PurchasePopup = lazy(() =>
  loadPurchasePopup().then((module) => ({ default: module.PurchasePopup })),
);

/** Hover or focus on a lock: fetch what a click will need (the popup only matters to visitors). */
export function preloadUnlock(anonymous: boolean): void {
  void loadUnlockActions();
  if (anonymous) void loadPurchasePopup();
}

export interface UnlockFlow {
  /** Runs docs/rules.md's flow for a click on this lead's lock. */
  requestUnlock: (lead: Pick<Lead, 'id' | 'unlocked'>) => void;
  /** The lead whose unlock is in flight, to disable its button. */
  pendingLeadId: number | null;
  /** Render this once on the screen: the purchase popup when open. */
  popup: ReactNode;
}

export function useUnlockFlow(): UnlockFlow {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pendingLeadId, setPendingLeadId] = useState<number | null>(null);
  // anonymous: closing the popup leads to the login page (docs/rules.md step 1).
  const [popup, setPopup] = useState<{ anonymous: boolean } | null>(null);

  const requestUnlock = (lead: Pick<Lead, 'id' | 'unlocked'>) => {
    if (pendingLeadId !== null) return;
    void loadUnlockActions().then(
      ({ runUnlock }) =>
        runUnlock(lead, {
          user,
          queryClient,
          navigate: (to) => void navigate(to),
          openPurchasePopup: (anonymous) => setPopup({ anonymous }),
          setPending: setPendingLeadId,
        }),
      // The flow's code could not be downloaded (offline, or a new release replaced it).
      () => notify.error(translate(leadsTexts, 'unlockUnavailable')),
    );
  };

  const close = () => {
    const anonymous = popup?.anonymous ?? false;
    setPopup(null);
    if (anonymous) void navigate(paths.login);
  };

  return {
    requestUnlock,
    pendingLeadId,
    popup: popup ? (
      <Suspense fallback={null}>
        <PurchasePopup anonymous={popup.anonymous} onClose={close} />
      </Suspense>
    ) : null,
  };
}
