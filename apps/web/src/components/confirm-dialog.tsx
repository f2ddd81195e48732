// A yes/no question in a small centred modal (e.g. 'Are you sure you want to deactivate this package?'), with room
// for a field below the question (e.g. a note).
import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { commonTexts } from '../i18n/en/common';
import { useT } from '../i18n/runtime';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  confirmVariant?: 'danger' | 'primary' | 'warning';
  /** While true the buttons are disabled (the confirmed request is in flight). */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Shown below the message, e.g. a note field. */
  children?: ReactNode;
}

export function ConfirmDialog({
  show,
  title,
  message,
  confirmLabel,
  confirmVariant = 'danger',
  busy = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const t = useT(commonTexts);
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="confirm-dialog-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {message}
        {children}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button
          type="button"
          className={`btn btn-${confirmVariant}`}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
