// The large centred user-package modal (docs/screens.md): loads the dropdowns, saves, toasts, and closes after a save.
import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { UserPackage, UserPackageInput } from '@dealerleads/shared';
import { Spinner } from '../../components/spinner';
import { todayInIndia } from '@dealerleads/shared';
import { notify } from '../../lib/notify';
import { reportSaveError } from '../../lib/report-error';
import { useAddUserPackage } from './api/add-user-package';
import { useMemberDropdown } from './api/get-member-dropdown';
import { useUserPackage } from './api/get-user-package';
import { usePackageDropdown } from './api/get-package-dropdown';
import { useUpdateUserPackage } from './api/update-user-package';
import { UserPackageForm, userPackageTexts } from './user-package-form';
import { adminTexts } from '../../i18n/en/admin';
import { useT } from '../../i18n/runtime';

export interface UserPackageFormModalProps {
  show: boolean;
  /** null: 'Add User Package'. */
  row: UserPackage | null;
  /** Changes with every opening, so each opening starts from a fresh form. */
  opening: number;
  onClose: () => void;
}

/** The modal's body: it mounts with each opening, so the dropdowns load only when the modal is used. */
function ModalBody({
  row,
  opening,
  onSubmit,
  onCancel,
  saving,
  serverErrors,
}: {
  row: UserPackage | null;
  opening: number;
  onSubmit: (input: UserPackageInput) => void;
  onCancel: () => void;
  saving: boolean;
  serverErrors: readonly string[];
}) {
  const t = useT(adminTexts);
  const users = useMemberDropdown();
  const packages = usePackageDropdown();
  const current = useUserPackage(row?.id ?? null);
  const failed = users.isError || packages.isError || current.isError;

  useEffect(() => {
    if (failed) notify.error(userPackageTexts.dropdownsFailed);
  }, [failed]);

  const retry = () => {
    if (users.isError) void users.refetch();
    if (packages.isError) void packages.refetch();
    if (current.isError) void current.refetch();
  };

  if (failed) {
    return (
      <div className="alert alert-danger d-flex align-items-center justify-content-between gap-2">
        <span>{userPackageTexts.dropdownsFailed}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={retry}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  // The selects need their options before the form sets its starting values, and an edit
  // starts from the record as it is now, not as the list showed it.
  const fresh = row ? (current.isFetchedAfterMount ? current.data : undefined) : null;
  if (!users.data || !packages.data || fresh === undefined) return <Spinner />;
  return (
    <UserPackageForm
      key={opening}
      row={fresh}
      users={users.data}
      packages={packages.data}
      today={todayInIndia()}
      onSubmit={onSubmit}
      onCancel={onCancel}
      saving={saving}
      serverErrors={serverErrors}
    />
  );
}

export function UserPackageFormModal({ show, row, opening, onClose }: UserPackageFormModalProps) {
  const t = useT(adminTexts);
  const add = useAddUserPackage();
  const update = useUpdateUserPackage();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const saving = add.isPending || update.isPending;

  const close = () => {
    setServerErrors([]);
    onClose();
  };

  const submit = (input: UserPackageInput) => {
    setServerErrors([]);
    const done = (message: string) => () => {
      notify.success(message);
      close();
    };
    const fail = (fallback: string) => (error: unknown) =>
      setServerErrors(reportSaveError(error, fallback));
    if (row) {
      update.mutate(
        { id: row.id, input },
        { onSuccess: done(userPackageTexts.updated), onError: fail(userPackageTexts.updateFailed) },
      );
    } else {
      add.mutate(input, {
        onSuccess: done(userPackageTexts.added),
        onError: fail(userPackageTexts.addFailed),
      });
    }
  };

  return (
    <Modal show={show} onHide={close} centered size="lg" aria-labelledby="user-package-modal-title">
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="user-package-modal-title">
          {row ? t('editUserPackage') : t('addUserPackage')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ModalBody
          row={row}
          opening={opening}
          onSubmit={submit}
          onCancel={close}
          saving={saving}
          serverErrors={serverErrors}
        />
      </Modal.Body>
    </Modal>
  );
}
