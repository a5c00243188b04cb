import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Branch } from '@auxilio/domain';
import { NoteModal } from './note-modal.tsx';
import './driver-contact.css';

export interface NoteDriverButtonProps {
  serviceNumber: string;
  driverPhone: string;
  branch: Branch;
}

/** SPEC 2 "'send note to driver' entry": opens the note modal; a sent note is confirmed politely. */
export function NoteDriverButton(props: NoteDriverButtonProps) {
  const { t } = useTranslation('tracking');
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <>
      <button
        type="button"
        className="contact-action"
        onClick={() => {
          setSent(false);
          setOpen(true);
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H8l-4 4V5a1 1 0 0 1 1-1z"
          />
        </svg>
        {t('note.button')}
      </button>
      {sent && (
        <p className="contact-sent" role="status">
          {t('note.sent')}
        </p>
      )}
      <NoteModal
        {...props}
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        onSent={() => {
          setOpen(false);
          setSent(true);
        }}
      />
    </>
  );
}
