// Registration success (dealers/signup-success, docs/screens.md): a popup with WhatsApp and Leads; closing it goes to '/'.
import Modal from 'react-bootstrap/Modal';
import { Link, useNavigate } from 'react-router';
import { WHATSAPP_CHAT_URL } from '@dealerleads/shared';
import { paths } from '../../config/paths';
import { pagesTexts } from '../../i18n/en/pages';
import { useT } from '../../i18n/runtime';

export function SignupSuccessPage() {
  const t = useT(pagesTexts);
  const navigate = useNavigate();
  return (
    <Modal
      show
      centered
      onHide={() => void navigate(paths.root)}
      aria-labelledby="signup-success-title"
    >
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h4" id="signup-success-title">
          {t('registered')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{t('registeredBody')}</Modal.Body>
      <Modal.Footer>
        <a
          href={WHATSAPP_CHAT_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-success"
        >
          <i className="bi bi-whatsapp me-1" aria-hidden="true" />
          <span translate="no">WhatsApp</span>
        </a>
        <Link to={paths.leads} className="btn btn-primary">
          {t('leads')}
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
