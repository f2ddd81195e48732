// The package add/edit modal (docs/screens.md): saves, toasts the outcome of docs/api.md and closes on success.
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { Package, PackageInput } from '@dealerleads/shared';
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../lib/report-error';
import { useAddPackage } from './api/add-package';
import { useUpdatePackage } from './api/update-package';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts } from '../../i18n/runtime';
import { PackageForm } from './package-form';

export const packageTexts = liveTexts(adminTexts, 'package.');

export interface PackageFormModalProps {
  show: boolean;
  /** null: 'Add Package'. */
  pkg: Package | null;
  /** Changes with every opening, so each opening starts from a fresh form. */
  opening: number;
  onClose: () => void;
}

export function PackageFormModal({ show, pkg, opening, onClose }: PackageFormModalProps) {
  const add = useAddPackage();
  const update = useUpdatePackage();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const saving = add.isPending || update.isPending;
  const title = pkg ? 'Edit Package' : 'Add Package';

  const close = () => {
    setServerErrors([]);
    onClose();
  };

  const submit = (input: PackageInput) => {
    setServerErrors([]);
    const fail = (fallback: string) => (error: unknown) =>
      setServerErrors(reportSaveError(error, fallback));
    if (pkg) {
      update.mutate(
        { id: pkg.id, input },
        {
          onSuccess: () => {
            notify.success(packageTexts.updated);
            close();
          },
          onError: fail(packageTexts.updateFailed),
        },
      );
    } else {
      add.mutate(input, {
        onSuccess: () => {
          notify.success(packageTexts.added);
          close();
        },
        onError: fail(packageTexts.addFailed),
      });
    }
  };

  return (
    <Modal show={show} onHide={close} centered size="lg" aria-labelledby="package-modal-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="package-modal-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {/* A fresh form for every opening: the add form starts empty, the edit form from its row. */}
        <PackageForm
          key={opening}
          pkg={pkg}
          onSubmit={submit}
          onCancel={close}
          saving={saving}
          serverErrors={serverErrors}
        />
      </Modal.Body>
    </Modal>
  );
}
