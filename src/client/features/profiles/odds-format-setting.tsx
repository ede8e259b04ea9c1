import { useId, useState } from 'react';
import { ODDS_FORMATS, ODDS_FORMAT_LABELS, type OddsFormat } from '../../../shared/odds.ts';
import { RadioOption } from '../../components/ui/radio-option.tsx';
import { saveOddsFormat, useOddsFormat } from '../../lib/odds-preference.ts';

/**
 * How every page writes odds, for this browser: kept as soon as it is chosen (a preference
 * cookie, docs/decisions/050), so it applies signed in or out and needs no Save.
 */
export function OddsFormatSetting() {
  const current = useOddsFormat();
  const [refused, setRefused] = useState(false);
  const noteId = useId();
  const choose = (format: OddsFormat) => setRefused(!saveOddsFormat(format));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={noteId}>
      <legend className="mb-2 text-sm font-semibold">Odds format</legend>
      {ODDS_FORMATS.map((format) => (
        <RadioOption
          key={format}
          name="odds-format"
          value={format}
          checked={current === format}
          onChoose={() => choose(format)}
        >
          {ODDS_FORMAT_LABELS[format]}
        </RadioOption>
      ))}
      <p id={noteId} className="text-xs text-muted-foreground">
        Every list, parlay and figure shows odds this way in this browser; hover any odds to see them as recorded.
      </p>
      {refused && (
        <p role="alert" className="text-sm text-destructive">
          This browser refused to keep the choice (cookies are blocked), so odds stay decimal.
        </p>
      )}
    </fieldset>
  );
}
