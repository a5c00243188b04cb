import { useTranslation } from 'react-i18next';
import {
  chooseService,
  serviceTiles,
  towAnswers,
  towOptions,
  towTypeOfAnswers,
  type Account,
  type TowServiceType,
} from '@auxilio/domain';
import { Button } from '../../../components/ui/button/button.tsx';
import { useSessionStore } from '../../../stores/session-store.ts';
import { useServiceTypes } from '../api/get-service-types.ts';
import { useRoadContinue, type KnownCustomerLookup } from '../hooks/use-road-continue.ts';
import './services.css';

export interface TowQuestionsScreenProps {
  account: Account | undefined;
  lookup: KnownCustomerLookup;
}

/**
 * /services/tow/questions (decision 271): "What happened to the vehicle?" picks the tow subtype
 * (SPEC 9 "Tow subtypes: tire, extraction, collision") among those the account allows; the answer is
 * kept as its index (SPEC 3 "answers (indices of selected options)"). Continue goes on as SPEC 4
 * "Continue on the road track".
 */
export function TowQuestionsScreen({ account, lookup }: TowQuestionsScreenProps) {
  const { t } = useTranslation('services');
  const session = useSessionStore((state) => state.session);
  const updateSession = useSessionStore((state) => state.updateSession);
  const types = useServiceTypes(session.serviceTypes);
  const road = useRoadContinue({ lookup, afterTowQuestions: true });
  const tiles = account
    ? serviceTiles({ track: 'road', serviceTypes: types.data ?? [], account })
    : [];
  const options = towOptions(tiles);
  const answered = towTypeOfAnswers(session.answers);

  const choose = (type: TowServiceType) => {
    updateSession((s) => {
      const serviceType = { name: type, category: 'road' as const };
      return { ...chooseService(s, serviceType), answers: towAnswers(type) };
    });
  };

  return (
    <main className="flow-screen">
      <h1 className="flow-screen__title">{t('towQuestions.title')}</h1>
      {options.length === 0 ? (
        <p role="status">{t('picker.loading')}</p>
      ) : (
        <fieldset className="options-list">
          <legend className="options-list__legend">{t('towQuestions.whatHappened')}</legend>
          {options.map((type) => (
            <label key={type} className="option">
              <input
                type="radio"
                name="tow-type"
                value={type}
                checked={answered === type}
                onChange={() => {
                  choose(type);
                }}
              />
              <span>{t(`towQuestions.options.${type}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="flow-screen__footer">
        {lookup.failed ? (
          <p role="alert" className="flow-screen__error">
            <strong>{t('lookupError.title')}</strong> {t('lookupError.text')}
          </p>
        ) : null}
        <Button
          onClick={() => {
            void road.onContinue();
          }}
          disabled={answered === null || lookup.pending}
          aria-busy={lookup.pending}
        >
          {lookup.pending ? t('picker.searching') : t('towQuestions.continue')}
        </Button>
      </div>
    </main>
  );
}
