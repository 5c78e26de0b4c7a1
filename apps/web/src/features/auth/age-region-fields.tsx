import { US_STATES } from '@coinsite/shared/schemas/auth';
import { useId } from 'react';
import { Field, inputClass } from '../../ui/input.tsx';

/** Date of birth and state, side by side: the registration form and the ask-once dialog. */
export function AgeRegionFields(props: {
  birthDate: string;
  region: string;
  onBirthDate: (value: string) => void;
  onRegion: (value: string) => void;
}) {
  const stateId = useId();
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field
        label="Date of birth"
        type="date"
        autoComplete="bday"
        value={props.birthDate}
        max={new Date().toISOString().slice(0, 10)}
        onChange={(e) => props.onBirthDate(e.target.value)}
        required
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={stateId} className="text-sm font-medium text-ink-200">
          State
        </label>
        <select
          id={stateId}
          value={props.region}
          onChange={(e) => props.onRegion(e.target.value)}
          className={inputClass}
          required
        >
          <option value="">Choose…</option>
          {US_STATES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
