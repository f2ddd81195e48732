// 'Buy a package' on the member's credits and orders screens: opens the purchase popup (loaded when wanted), whose
// price list buys by UPI or through WhatsApp. Admins buy nothing, so they get no button.
import { lazy, Suspense, useState } from 'react';
import { isAdmin, useCurrentUser } from '../lib/session';
import { commonTexts } from '../i18n/en/common';
import { useT } from '../i18n/runtime';

const PurchasePopup = lazy(() =>
  import('./purchase-popup').then((module) => ({ default: module.PurchasePopup })),
);

export function BuyPackageButton() {
  const t = useT(commonTexts);
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || isAdmin(user)) return null;
  return (
    <>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setOpen(true)}>
        <i className="bi bi-cart-plus me-1" aria-hidden="true" />
        {t('buyAPackage')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <PurchasePopup anonymous={false} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
