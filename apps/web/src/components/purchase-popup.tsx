// The purchase popup of docs/rules.md (lazy; the lead list, the lead detail, My orders and the credits screen): the active packages with credits, validity and price, and WhatsApp to buy
// one; with UPI configured, a logged-in member buys one here by UPI instead (docs/credits.md, "Buying a package").
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { WHATSAPP_CHAT_URL, type CreatedOrder, type Package } from '@dealerleads/shared';
import { errorMessage } from '../lib/api-error';
import { formatInr } from '../lib/format';
import { usePriceList } from '../lib/price-list';
import { UpiPayment, useCreateOrder, useOrdersConfig } from './upi-payment';
import { commonTexts } from '../i18n/en/common';
import { textsOf, useT } from '../i18n/runtime';

export const PURCHASE_POPUP_TITLE = commonTexts.en['purchase.title'];

function whatsAppLink(text: string): string {
  return `${WHATSAPP_CHAT_URL}?text=${encodeURIComponent(text)}`;
}

function creditsText(pkg: Package): string {
  const t = textsOf(commonTexts);
  return pkg.packageType === 'Unlimited'
    ? t('purchase.unlimitedUnlocks')
    : t('purchase.credits', { count: pkg.packageCredits });
}

/** With UPI on, Buy places an order; otherwise it opens WhatsApp. */
interface BuyByUpi {
  onBuy: (pkg: Package) => void;
  busy: boolean;
}

function PriceList({ upi }: { upi: BuyByUpi | null }) {
  const t = useT(commonTexts);
  const priceList = usePriceList();
  if (priceList.isPending)
    return (
      <div className="d-flex align-items-center gap-2 py-3" role="status">
        <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
        <span>{t('purchase.loading')}</span>
      </div>
    );
  if (priceList.isError || priceList.data.length === 0)
    return <p className="text-muted mb-0">{t('purchase.unavailable')}</p>;
  return (
    <ul className="list-group" aria-label={t('purchase.packages')}>
      {priceList.data.map((pkg) => (
        <li
          key={pkg.id}
          className="list-group-item d-flex justify-content-between align-items-center gap-2"
        >
          <div>
            <div className="fw-semibold">{pkg.packageName}</div>
            <div className="small text-muted">
              {t('purchase.valid', { credits: creditsText(pkg), count: pkg.packageValidity })}
            </div>
          </div>
          <div className="text-end">
            <div className="fw-semibold">{formatInr(pkg.packagePrice)}</div>
            {upi && pkg.packagePrice > 0 ? (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                disabled={upi.busy}
                onClick={() => upi.onBuy(pkg)}
                aria-label={t('purchase.buyByUpi', { name: pkg.packageName })}
              >
                {t('purchase.buy')}
              </button>
            ) : upi ? (
              // A free trial is not bought: it is asked for, so it does not wear the Buy that places an order.
              <a
                className="btn btn-sm btn-outline-success"
                href={whatsAppLink(t('purchase.trialMessage', { name: pkg.packageName }))}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('purchase.askOnWhatsApp', { name: pkg.packageName })}
              >
                {t('purchase.askForIt')}
              </a>
            ) : (
              <a
                className="small"
                href={whatsAppLink(t('purchase.whatsAppPackage', { name: pkg.packageName }))}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('purchase.buyOnWhatsApp', { name: pkg.packageName })}
              >
                {t('purchase.buy')}
              </a>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export interface PurchasePopupProps {
  /** A visitor: the popup asks them to log in, and closing it leads to the login page. */
  anonymous: boolean;
  /** Called once the popup has closed. */
  onClose: () => void;
}

export function PurchasePopup({ anonymous, onClose }: PurchasePopupProps) {
  const t = useT(commonTexts);
  const [show, setShow] = useState(true);
  const hide = () => setShow(false);
  const config = useOrdersConfig();
  const createOrder = useCreateOrder();
  const [order, setOrder] = useState<{ order: CreatedOrder; pkg: Package } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upiConfig = !anonymous && config.data?.upiEnabled ? config.data : null;
  const buy = (pkg: Package) => {
    setProblem(null);
    createOrder.mutate(pkg.id, {
      onSuccess: (created) => setOrder({ order: created, pkg }),
      onError: (error) => setProblem(errorMessage(error, t('purchase.orderFailed'))),
    });
  };
  return (
    <Modal show={show} onHide={hide} onExited={onClose} centered aria-labelledby="purchase-title">
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id="purchase-title">{t('purchase.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {order && upiConfig ? (
          <>
            <p>
              {t('purchase.orderPlacedBefore')} <strong>{order.pkg.packageName}</strong>{' '}
              {t('purchase.orderPlacedAfter', { amount: formatInr(order.order.amount) })}
            </p>
            <UpiPayment order={order.order} config={upiConfig} />
          </>
        ) : (
          <>
            <p>
              {anonymous
                ? t('purchase.anonymous')
                : upiConfig
                  ? t('purchase.byUpi')
                  : t('purchase.byWhatsApp')}
            </p>
            {problem ? (
              <div className="alert alert-danger py-2" role="alert">
                {problem}
              </div>
            ) : null}
            <PriceList upi={upiConfig ? { onBuy: buy, busy: createOrder.isPending } : null} />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <a
          className="btn btn-success"
          href={whatsAppLink(t('purchase.whatsAppAny'))}
          target="_blank"
          rel="noopener noreferrer"
        >
          <i className="bi bi-whatsapp me-1" aria-hidden="true" />
          {t('purchase.chatOnWhatsApp')}
        </a>
        <button type="button" className="btn btn-outline-secondary" onClick={hide}>
          {anonymous ? t('purchase.logIn') : t('close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
