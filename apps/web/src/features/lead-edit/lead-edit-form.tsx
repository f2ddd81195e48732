// The lead edit form (docs/screens.md): every field read-only but Status; banner, Save Changes only when changed, leave guard.
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { Lead } from '@dealerleads/shared';
import { ErrorList } from '../../components/error-list';
import { UnsavedChangesAlert } from '../../components/unsaved-changes-alert';
import { paths } from '../../config/paths';
import { useConfirmLeave } from '../../hooks/use-confirm-leave';
import { ApiError, formErrorMessages } from '../../lib/api-error';
import { httpErrorTexts } from '../../lib/http-error-catalogue';
import { notify } from '../../lib/notify';
import { useUpdateLeadStatus } from './api/update-lead-status';
import { carSpecifications, leadInformation, type DisplayField } from './lead-edit-display';
import { adminTexts } from '../../i18n/en/admin';
import { liveTexts, useT } from '../../i18n/runtime';

export const leadEditTexts = liveTexts(adminTexts, 'leadEdit.');

interface StatusForm {
  /** The select's value: 'true' is Active (docs/rules.md "Lead status"). */
  status: 'true' | 'false';
}

const statusValue = (status: boolean): StatusForm['status'] => (status ? 'true' : 'false');

function updateErrorMessages(error: unknown): string[] {
  // The client has already dropped the dead session; say why the save failed.
  if (error instanceof ApiError && error.status === 401) return [httpErrorTexts.unauthorized];
  return formErrorMessages(error, leadEditTexts.updateFailed);
}

function ReadOnlyField({ label, value }: DisplayField) {
  const id = useId();
  return (
    <div className="col-sm-6 col-lg-4 mb-3">
      <label htmlFor={id} className="form-label small text-body-secondary mb-1">
        {label}
      </label>
      <input id={id} className="form-control bg-body-tertiary" value={value} readOnly />
    </div>
  );
}

function Section({
  title,
  fields,
  children,
}: {
  title: string;
  fields: DisplayField[];
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card shadow-sm mb-3" aria-labelledby={id}>
      <h2 id={id} className="card-header h6 mb-0 py-2">
        {title}
      </h2>
      <div className="card-body pb-0">
        <div className="row gx-3">
          {children}
          {fields.map((field) => (
            <ReadOnlyField key={field.label} {...field} />
          ))}
        </div>
      </div>
    </section>
  );
}

export function LeadEditForm({ lead }: { lead: Lead }) {
  const t = useT(adminTexts);
  const navigate = useNavigate();
  const update = useUpdateLeadStatus(lead.id);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const statusId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useForm<StatusForm>({ defaultValues: { status: statusValue(lead.status) } });
  useConfirmLeave(isDirty);

  const save = ({ status }: StatusForm) => {
    setServerErrors([]);
    update.mutate(
      { status: status === 'true' },
      {
        onSuccess: (saved) => {
          // The saved value becomes the form's baseline: pristine again, banner and guard off.
          reset({ status: statusValue(saved.status) });
          notify.success(leadEditTexts.updated);
        },
        onError: (error) => setServerErrors(updateErrorMessages(error)),
      },
    );
  };

  return (
    <form
      noValidate
      aria-label={t('editLead')}
      onSubmit={(event) => void handleSubmit(save)(event)}
    >
      <UnsavedChangesAlert show={isDirty} />
      <Section title={t('leadInformation')} fields={leadInformation(lead)}>
        <div className="col-sm-6 col-lg-4 mb-3">
          <label htmlFor={statusId} className="form-label small fw-semibold mb-1">
            {t('status')}
          </label>
          <select id={statusId} className="form-select border-primary" {...register('status')}>
            <option value="true">{t('active')}</option>
            <option value="false">{t('inactive')}</option>
          </select>
        </div>
      </Section>
      <Section title={t('carSpecifications')} fields={carSpecifications(lead)} />
      <ErrorList errors={serverErrors} />
      <div className="d-flex gap-2 justify-content-end mb-4">
        <button
          type="button"
          className="btn btn-outline-secondary btn-lg"
          onClick={() => void navigate(paths.leads)}
        >
          {t('cancel')}
        </button>
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={!isDirty || update.isPending}
        >
          {t('saveChanges')}
        </button>
      </div>
    </form>
  );
}
