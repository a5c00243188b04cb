import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The map's credits, folded into an (i) button that unfolds them on tap: open, they would cover a
 * third of a phone-sized map (and were once the page's largest paint). The demo badge stays apart.
 */
export function MapCredits({ text }: { text: string }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`map-credits${open ? ' map-credits--open' : ''}`}>
      {open && (
        <p id={id} className="map-credits__text">
          {text}
        </p>
      )}
      <button
        type="button"
        className="map-credits__toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('map.credits')}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        <span aria-hidden="true">i</span>
      </button>
    </div>
  );
}
