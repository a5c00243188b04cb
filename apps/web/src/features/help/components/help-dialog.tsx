import { useTranslation } from 'react-i18next';
import { helpContacts, telLink, type Branch, type Brand } from '@auxilio/domain';
import { Dialog } from '../../../components/ui/dialog/dialog.tsx';
import { usePhoneDisplay } from '../../../lib/phone-display.ts';
import './help-dialog.css';

export interface HelpDialogProps {
  open: boolean;
  onClose: () => void;
  brand: Brand;
  /** Branch of the account in use; null while unknown. */
  branch: Branch | null;
}

/** SPEC 2 Help dialog: call always; chat link unless the brand hides it. */
export function HelpDialog({ open, onClose, brand, branch }: HelpDialogProps) {
  const { t } = useTranslation('common');
  const { phone, chatUrl } = helpContacts(brand, branch);
  // As the customer's country writes it; the formatter loads when the dialog first opens.
  const phoneText = usePhoneDisplay(open ? phone : null, branch ?? brand.country);
  return (
    <Dialog open={open} onClose={onClose} title={t('help.title')} closeLabel={t('actions.close')}>
      <p className="help-dialog__intro">{t('help.intro')}</p>
      <ul className="help-dialog__options">
        <li>
          {phone ? (
            <a className="help-dialog__option" href={telLink(phone)}>
              <PhoneIcon />
              <span>
                <span className="help-dialog__label">{t('help.call')}</span>
                <span className="help-dialog__detail">{phoneText}</span>
              </span>
            </a>
          ) : (
            <span className="help-dialog__option help-dialog__option--disabled">
              {t('help.callUnavailable')}
            </span>
          )}
        </li>
        {chatUrl ? (
          <li>
            <a
              className="help-dialog__option"
              href={chatUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <ChatIcon />
              <span>
                <span className="help-dialog__label">{t('help.chat')}</span>
                <span className="help-dialog__detail">{t('help.chatDetail')}</span>
              </span>
            </a>
          </li>
        ) : null}
      </ul>
    </Dialog>
  );
}

function PhoneIcon() {
  return (
    <svg className="help-dialog__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
        fill="currentColor"
      />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg className="help-dialog__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H8l-4 4V5a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
