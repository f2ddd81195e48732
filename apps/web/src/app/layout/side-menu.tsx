// The slide-in side menu (docs/screens.md): Leads, Register and Sell your car, Admin links, WhatsApp chat at the bottom; any click closes it.
import { NavLink } from 'react-router';
import { UI, WHATSAPP_CHAT_URL } from '@dealerleads/shared';
import { SidePanel } from '../../components/side-panel';
import { paths } from '../../config/paths';
import { shellTexts } from '../../i18n/en/shell';
import { useT, type KeyOf } from '../../i18n/runtime';
import { LanguageSwitch } from '../../i18n/language-switch';

export interface SideMenuProps {
  show: boolean;
  onClose: () => void;
  admin: boolean;
  /** A member who is not an Admin: they get their My Leads (Admins unlock nothing). */
  signedIn: boolean;
}

const links: readonly {
  to: string;
  label: KeyOf<typeof shellTexts.en>;
  icon: string;
  adminOnly: boolean;
  dealerOnly?: boolean;
}[] = [
  { to: paths.leads, label: 'nav.leads', icon: 'bi-car-front', adminOnly: false },
  {
    to: paths.myLeads,
    label: 'nav.myLeads',
    icon: 'bi-journal-check',
    adminOnly: false,
    dealerOnly: true,
  },
  {
    to: paths.myOrders,
    label: 'nav.myOrders',
    icon: 'bi-receipt',
    adminOnly: false,
    dealerOnly: true,
  },
  { to: paths.register, label: 'nav.register', icon: 'bi-person-plus', adminOnly: false },
  { to: paths.leadForm, label: 'nav.sellCar', icon: 'bi-tag', adminOnly: false },
  { to: paths.members, label: 'nav.members', icon: 'bi-people', adminOnly: true },
  { to: paths.packages, label: 'nav.packages', icon: 'bi-box-seam', adminOnly: true },
  { to: paths.userPackages, label: 'nav.userPackages', icon: 'bi-person-vcard', adminOnly: true },
  { to: paths.payments, label: 'nav.payments', icon: 'bi-cash-coin', adminOnly: true },
  { to: paths.insights, label: 'nav.insights', icon: 'bi-graph-up', adminOnly: true },
  { to: paths.moderation, label: 'nav.moderation', icon: 'bi-shield-exclamation', adminOnly: true },
  { to: paths.disputes, label: 'nav.disputes', icon: 'bi-flag', adminOnly: true },
  { to: paths.audit, label: 'nav.audit', icon: 'bi-journal-text', adminOnly: true },
  { to: paths.settings, label: 'nav.settings', icon: 'bi-sliders', adminOnly: true },
];

export function SideMenu({ show, onClose, admin, signedIn }: SideMenuProps) {
  const t = useT(shellTexts);
  return (
    <SidePanel
      show={show}
      onHide={onClose}
      placement="start"
      widthPx={UI.sideMenuWidthPx}
      titleId="side-menu-title"
      title={t('menu')}
      closeLabel={t('closeMenu')}
      bodyClassName="d-flex flex-column"
    >
      <nav aria-label={t('mainMenu')}>
        <ul className="nav nav-pills flex-column gap-1">
          {links
            .filter(
              (link) => (admin || !link.adminOnly) && (!link.dealerOnly || (signedIn && !admin)),
            )
            .map((link) => (
              <li className="nav-item" key={link.to}>
                <NavLink to={link.to} className="nav-link" onClick={onClose}>
                  <i className={`bi ${link.icon} me-2`} aria-hidden="true" />
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <LanguageSwitch
        className="btn btn-outline-primary mt-3 align-self-start"
        onChosen={onClose}
      />
      <div className="mt-auto pt-3 border-top">
        <a
          href={WHATSAPP_CHAT_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="whatsapp-link fs-2"
          aria-label={t('chatOnWhatsApp')}
          onClick={onClose}
        >
          <i className="bi bi-whatsapp" aria-hidden="true" />
        </a>
      </div>
    </SidePanel>
  );
}
