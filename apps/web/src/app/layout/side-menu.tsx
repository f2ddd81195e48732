// The slide-in side menu (docs/screens.md): Leads, Register and Sell your car, Admin links, WhatsApp chat at the bottom; any click closes it.
import { NavLink } from 'react-router';
import { UI, WHATSAPP_CHAT_URL } from '@dealerleads/shared';
import { SidePanel } from '../../components/side-panel';
import { paths } from '../../config/paths';

export interface SideMenuProps {
  show: boolean;
  onClose: () => void;
  admin: boolean;
  /** A member who is not an Admin: they get their My Leads (Admins unlock nothing). */
  signedIn: boolean;
}

const links = [
  { to: paths.leads, label: 'Leads', icon: 'bi-car-front', adminOnly: false },
  {
    to: paths.myLeads,
    label: 'My Leads',
    icon: 'bi-journal-check',
    adminOnly: false,
    dealerOnly: true,
  },
  {
    to: paths.myOrders,
    label: 'My orders',
    icon: 'bi-receipt',
    adminOnly: false,
    dealerOnly: true,
  },
  { to: paths.register, label: 'Register', icon: 'bi-person-plus', adminOnly: false },
  { to: paths.leadForm, label: 'Sell your car', icon: 'bi-tag', adminOnly: false },
  { to: paths.members, label: 'Members', icon: 'bi-people', adminOnly: true },
  { to: paths.packages, label: 'Packages', icon: 'bi-box-seam', adminOnly: true },
  { to: paths.userPackages, label: 'User Packages', icon: 'bi-person-vcard', adminOnly: true },
  { to: paths.payments, label: 'Payments', icon: 'bi-cash-coin', adminOnly: true },
  { to: paths.insights, label: 'Insights', icon: 'bi-graph-up', adminOnly: true },
  { to: paths.moderation, label: 'Moderation', icon: 'bi-shield-exclamation', adminOnly: true },
  { to: paths.disputes, label: 'Disputes', icon: 'bi-flag', adminOnly: true },
  { to: paths.audit, label: 'Audit', icon: 'bi-journal-text', adminOnly: true },
  { to: paths.settings, label: 'Settings', icon: 'bi-sliders', adminOnly: true },
];

export function SideMenu({ show, onClose, admin, signedIn }: SideMenuProps) {
  return (
    <SidePanel
      show={show}
      onHide={onClose}
      placement="start"
      widthPx={UI.sideMenuWidthPx}
      titleId="side-menu-title"
      title="Menu"
      closeLabel="Close menu"
      bodyClassName="d-flex flex-column"
    >
      <nav aria-label="Main menu">
        <ul className="nav nav-pills flex-column gap-1">
          {links
            .filter(
              (link) =>
                (admin || !link.adminOnly) && (!('dealerOnly' in link) || (signedIn && !admin)),
            )
            .map((link) => (
              <li className="nav-item" key={link.to}>
                <NavLink to={link.to} className="nav-link" onClick={onClose}>
                  <i className={`bi ${link.icon} me-2`} aria-hidden="true" />
                  {link.label}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <div className="mt-auto pt-3 border-top">
        <a
          href={WHATSAPP_CHAT_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="whatsapp-link fs-2"
          aria-label="Chat with us on WhatsApp"
          onClick={onClose}
        >
          <i className="bi bi-whatsapp" aria-hidden="true" />
        </a>
      </div>
    </SidePanel>
  );
}
