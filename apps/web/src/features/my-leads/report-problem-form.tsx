// 'Report a problem' on a My Leads card: what is wrong with the lead (required) and an optional note, sent once
// within 7 days of the unlock (docs/credits.md "Disputes and refunds").
import { useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import {
  DISPUTE_NOTE_MAX,
  DISPUTE_REASONS,
  disputeMessages,
  type DisputeReason,
} from '@dealerleads/shared';
import { formSubmitErrors } from '../../lib/report-error';
import { notify } from '../../lib/notify';
import { useReportProblem } from './api/my-leads';
import { myLeadsTexts } from '../../i18n/en/my-leads';
import { liveTexts, serverText, translate } from '../../i18n/runtime';

export const reportProblemTexts = liveTexts(myLeadsTexts, 'report.');

export function ReportProblemForm({
  leadId,
  title,
  onClose,
}: {
  leadId: number;
  /** The car, for the dialog's title. */
  title: string;
  onClose: () => void;
}) {
  const report = useReportProblem(leadId);
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const missing = touched && reason === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (reason === '') return;
    setErrors([]);
    try {
      await report.mutateAsync({ reason, note: note.trim() });
      notify.success(disputeMessages.reported);
      onClose();
    } catch (error) {
      setErrors(formSubmitErrors(error, reportProblemTexts.failed));
    }
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`report-title-${leadId}`}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id={`report-title-${leadId}`}>
            {reportProblemTexts.title}: {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {errors.length > 0 ? (
            <div className="alert alert-danger" role="alert">
              {errors.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </div>
          ) : null}
          <label htmlFor={`report-reason-${leadId}`} className="form-label">
            {reportProblemTexts.reason}
          </label>
          <select
            id={`report-reason-${leadId}`}
            className={`form-select${missing ? ' is-invalid' : ''}`}
            value={reason}
            aria-invalid={missing}
            aria-describedby={missing ? `report-reason-error-${leadId}` : undefined}
            onChange={(event) => setReason(event.target.value as DisputeReason | '')}
          >
            <option value="">{reportProblemTexts.choose}</option>
            {DISPUTE_REASONS.map((value) => (
              <option key={value} value={value}>
                {translate(myLeadsTexts, `reason.${value}`)}
              </option>
            ))}
          </select>
          {missing ? (
            <div className="invalid-feedback" id={`report-reason-error-${leadId}`}>
              {serverText('dispute.reasonRequired', disputeMessages.reasonRequired)}
            </div>
          ) : null}
          <label htmlFor={`report-note-${leadId}`} className="form-label mt-3">
            {reportProblemTexts.note}
          </label>
          <textarea
            id={`report-note-${leadId}`}
            className="form-control"
            rows={3}
            maxLength={DISPUTE_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <p className="form-text mb-0">{reportProblemTexts.help}</p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {reportProblemTexts.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={report.isPending}>
            {reportProblemTexts.send}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
