// A worked lead's notes: add one (timestamped by the server), the list newest first.
import { useState, type FormEvent } from 'react';
import { NOTE_MAX } from '@dealerleads/shared';
import { reportChangeError } from './report-change-error';
import { useAddNote, useNotes } from './api/my-leads';
import { formatIndiaDateTime } from './my-lead-format';
import { myLeadsTexts } from '../../i18n/en/my-leads';
import { useT } from '../../i18n/runtime';

export function NotesPanel({ leadId }: { leadId: number }) {
  const t = useT(myLeadsTexts);
  const notes = useNotes(leadId);
  const addNote = useAddNote(leadId);
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    addNote.mutate(text, {
      onSuccess: () => {
        setText('');
        void notes.refetch();
      },
      onError: (error) => reportChangeError(error, t('noteFailed')),
    });
  };

  return (
    <div className="mt-2 border-top pt-2">
      <form className="d-flex gap-2 mb-2" onSubmit={submit}>
        <label htmlFor={`note-${leadId}`} className="visually-hidden">
          {t('newNote')}
        </label>
        <textarea
          id={`note-${leadId}`}
          className="form-control form-control-sm"
          rows={2}
          maxLength={NOTE_MAX}
          placeholder={t('notePlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="btn btn-sm btn-primary" disabled={addNote.isPending}>
          {t('addNote')}
        </button>
      </form>
      <ul className="list-unstyled small mb-0" aria-label={t('notes')}>
        {(notes.data ?? []).map((note) => (
          <li key={note.id} className="mb-1">
            <time dateTime={note.createdOn} className="text-body-secondary me-2">
              {formatIndiaDateTime(note.createdOn)}
            </time>
            <span className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
              {note.text}
            </span>
          </li>
        ))}
        {notes.isSuccess && notes.data.length === 0 ? (
          <li className="text-body-secondary">{t('noNotes')}</li>
        ) : null}
      </ul>
    </div>
  );
}
