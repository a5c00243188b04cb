import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogNameOf, type Branch, type ClientForm } from '@auxilio/domain';
import { useVehicleMakes } from '../../../api/get-vehicle-makes.ts';
import { useVehicleModels } from '../../../api/get-vehicle-models.ts';
import './vehicle-make-model-fields.css';

/** The value of the 'Other' option; never a catalogue name (those have no underscores). */
const OTHER = '__other__';

/** Longest make or model the form keeps (SPEC 3 client form, ClientFormSchema). */
const MAX_LENGTH = 60;

type VehiclePatch = Partial<Pick<ClientForm, 'make' | 'model'>>;

interface VehicleMakeModelFieldsProps {
  /** Prefix of the field ids: `${baseId}-make` and `${baseId}-model`. */
  baseId: string;
  /** The request's country, whose catalogue is offered (decision 400). */
  country: Branch;
  make: string;
  model: string;
  makeRequired: boolean;
  modelRequired: boolean;
  onChange: (patch: VehiclePatch) => void;
}

/**
 * Make and model of the client form as pickers fed from the vehicle catalogue (decision 651; SPEC 7
 * getMake / getModel): the country's makes, then the chosen make's models, each with an 'Other'
 * choice that opens a text field. A value that is not in the catalogue (typed before, or filled in
 * from a contract) shows as 'Other' with its text. Without the catalogue (no answer) both are text
 * fields, so the customer is never held up.
 */
export function VehicleMakeModelFields({
  baseId,
  country,
  make,
  model,
  makeRequired,
  modelRequired,
  onChange,
}: VehicleMakeModelFieldsProps) {
  const { t } = useTranslation('clients');
  // 'Other' chosen on this screen: its text field stays open while the customer types, even when
  // the text comes to spell a catalogue name.
  const [makeOther, setMakeOther] = useState(false);
  const [modelOther, setModelOther] = useState(false);
  const makes = useVehicleMakes(country);
  const catalogMake = makes.data && !makeOther ? catalogNameOf(make, makes.data) : null;
  const makeChoice = catalogMake ?? (makeOther || make.trim() !== '' ? OTHER : '');
  const models = useVehicleModels(country, catalogMake);

  const makeId = `${baseId}-make`;
  const modelId = `${baseId}-model`;
  const label = (field: 'make' | 'model', required: boolean, htmlFor: string) => (
    <label className="field__label" htmlFor={htmlFor}>
      {t(`fields.${field}.label`)}
      {required ? null : <span className="field__optional"> {t('optional')}</span>}
    </label>
  );
  const text = (
    id: string,
    name: 'make' | 'model',
    value: string,
    required: boolean,
    labelText: string | null,
  ) => (
    <div className="field">
      {labelText === null ? (
        label(name, required, id)
      ) : (
        <label className="field__label" htmlFor={id}>
          {labelText}
        </label>
      )}
      <input
        id={id}
        className="field__input"
        name={name}
        type="text"
        autoComplete="off"
        autoCapitalize="words"
        maxLength={MAX_LENGTH}
        required={required}
        value={value}
        onChange={(event) => {
          onChange({ [name]: event.target.value });
        }}
      />
    </div>
  );
  /** A picker that cannot be used yet: its list is loading (busy), or it needs the make first. */
  const waiting = (
    id: string,
    field: 'make' | 'model',
    required: boolean,
    shown: string,
    busy = true,
  ) => (
    <div className="field">
      {label(field, required, id)}
      <select
        id={id}
        className="field__input field__select"
        disabled
        aria-busy={busy || undefined}
        value=""
      >
        <option value="">{shown}</option>
      </select>
    </div>
  );

  // Without the catalogue: the two text fields of the form (SPEC 3 "make, model").
  if (makes.isError) {
    return (
      <>
        {text(makeId, 'make', make, makeRequired, null)}
        {text(modelId, 'model', model, modelRequired, null)}
      </>
    );
  }
  if (!makes.data) {
    return (
      <>
        {waiting(makeId, 'make', makeRequired, make.trim() || t('vehicle.loading'))}
        {waiting(modelId, 'model', modelRequired, model.trim() || t('vehicle.loading'))}
      </>
    );
  }

  const modelField = () => {
    if (makeChoice === OTHER || models.isError || (makeChoice === '' && model.trim() !== '')) {
      return text(modelId, 'model', model, modelRequired, null);
    }
    if (makeChoice === '') {
      return waiting(modelId, 'model', modelRequired, t('vehicle.chooseMakeFirst'), false);
    }
    if (!models.data) {
      return waiting(modelId, 'model', modelRequired, model.trim() || t('vehicle.loading'));
    }
    const catalogModel = modelOther ? null : catalogNameOf(model, models.data);
    const modelChoice = catalogModel ?? (modelOther || model.trim() !== '' ? OTHER : '');
    return (
      <>
        <div className="field">
          {label('model', modelRequired, modelId)}
          <select
            id={modelId}
            className="field__input field__select"
            name="model"
            required={modelRequired}
            value={modelChoice}
            onChange={(event) => {
              const choice = event.target.value;
              setModelOther(choice === OTHER);
              onChange({ model: choice === OTHER ? '' : choice });
            }}
          >
            <option value="">{t('vehicle.chooseModel')}</option>
            {models.data.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={OTHER}>{t('vehicle.otherModel')}</option>
          </select>
        </div>
        {modelChoice === OTHER
          ? text(`${modelId}-other`, 'model', model, modelRequired, t('vehicle.typeModel'))
          : null}
      </>
    );
  };

  return (
    <>
      <div className="field">
        {label('make', makeRequired, makeId)}
        <select
          id={makeId}
          className="field__input field__select"
          name="make"
          required={makeRequired}
          value={makeChoice}
          onChange={(event) => {
            const choice = event.target.value;
            setMakeOther(choice === OTHER);
            setModelOther(false);
            // Another make: its models differ, so the model starts over.
            onChange({ make: choice === OTHER ? '' : choice, model: '' });
          }}
        >
          <option value="">{t('vehicle.chooseMake')}</option>
          {makes.data.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          <option value={OTHER}>{t('vehicle.otherMake')}</option>
        </select>
      </div>
      {makeChoice === OTHER
        ? text(`${makeId}-other`, 'make', make, makeRequired, t('vehicle.typeMake'))
        : null}
      {modelField()}
    </>
  );
}
