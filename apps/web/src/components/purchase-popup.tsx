// The purchase popup of docs/rules.md (lazy; the lead list, the lead detail, My orders and the credits screen): the active packages with credits, validity and price, and WhatsApp to buy
// one; with UPI configured, a logged-in member buys one here by UPI instead (docs/credits.md, "Buying a package").
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { WHATSAPP_CHAT_URL, type CreatedOrder, type Package } from '@dealerleads/shared';
import { errorMessage } from '../lib/api-error';
import { formatInr } from '../lib/format';
import { usePriceList } from '../lib/price-list';
import { UpiPayment, useCreateOrder, useOrdersConfig } from './upi-payment';

export const PURCHASE_POPUP_TITLE = 'Buy a Package';

function whatsAppLink(text: string): string {
  return `${WHATSAPP_CHAT_URL}?text=${encodeURIComponent(text)}`;
}

function creditsText(pkg: Package): string {
  return pkg.packageType === 'Unlimited'
    ? 'Unlimited unlocks'
    : `${pkg.packageCredits} ${pkg.packageCredits === 1 ? 'credit' : 'credits'}`;
}

/** With UPI on, Buy places an order; otherwise it opens WhatsApp. */
interface BuyByUpi {
  onBuy: (pkg: Package) => void;
  busy: boolean;
}

function PriceList({ upi }: { upi: BuyByUpi | null }) {
  const priceList = usePriceList();
  if (priceList.isPending)
    return (
      <div className="d-flex align-items-center gap-2 py-3" role="status">
        <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
        <span>Loading packages...</span>
      </div>
    );
  if (priceList.isError || priceList.data.length === 0)
    return (
      <p className="text-muted mb-0">
        The price list could not be shown right now. Chat with us on WhatsApp to buy a package.
      </p>
    );
  return (
    <ul className="list-group" aria-label="Packages">
      {priceList.data.map((pkg) => (
        <li
          key={pkg.id}
          className="list-group-item d-flex justify-content-between align-items-center gap-2"
        >
          <div>
            <div className="fw-semibold">{pkg.packageName}</div>
            <div className="small text-muted">
              {creditsText(pkg)} · valid {pkg.packageValidity}{' '}
              {pkg.packageValidity === 1 ? 'day' : 'days'}
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
                aria-label={`Buy ${pkg.packageName} by UPI`}
              >
                Buy
              </button>
            ) : upi ? (
              // A free trial is not bought: it is asked for, so it does not wear the Buy that places an order.
              <a
                className="btn btn-sm btn-outline-success"
                href={whatsAppLink(`Hi, I would like to try the "${pkg.packageName}" package.`)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Ask for ${pkg.packageName} on WhatsApp`}
              >
                Ask for it
              </a>
            ) : (
              <a
                className="small"
                href={whatsAppLink(`Hi, I would like to buy the "${pkg.packageName}" package.`)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Buy ${pkg.packageName} on WhatsApp`}
              >
                Buy
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
      onError: (error) => setProblem(errorMessage(error, 'Could not place the order')),
    });
  };
  return (
    <Modal show={show} onHide={hide} onExited={onClose} centered aria-labelledby="purchase-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="purchase-title">{PURCHASE_POPUP_TITLE}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {order && upiConfig ? (
          <>
            <p>
              Your order of <strong>{order.pkg.packageName}</strong> is placed. Pay{' '}
              {formatInr(order.order.amount)} by UPI, then enter the UTR of your payment.
            </p>
            <UpiPayment order={order.order} config={upiConfig} />
          </>
        ) : (
          <>
            <p>
              {anonymous
                ? 'Log in with an active package to see the owner’s phone number. Each unlock uses 1 credit.'
                : upiConfig
                  ? 'Each unlock uses 1 credit from an active package. Buy one by UPI below.'
                  : 'Each unlock uses 1 credit from an active package. Message us on WhatsApp to buy one.'}
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
          href={whatsAppLink('Hi, I would like to buy a DealerLeads package.')}
          target="_blank"
          rel="noopener noreferrer"
        >
          <i className="bi bi-whatsapp me-1" aria-hidden="true" />
          Chat on WhatsApp
        </a>
        <button type="button" className="btn btn-outline-secondary" onClick={hide}>
          {anonymous ? 'Log in' : 'Close'}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
