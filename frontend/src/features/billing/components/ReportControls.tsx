import { ROUNDING_MINUTES, ROUNDING_MODES, type Rounding, type RoundingMinutes } from '@contract/rounding';
import { Field, NamedOptions, ValueOptions } from '@/components';
import { useTranslation } from '@/i18n';
import { GROUPINGS, type Grouping, type ReportState } from '../hooks/use-report';
import { PRESETS, type Preset } from '../lib/presets';
import { GROUPING_WORDS, PRESET_WORDS, ROUNDING_WORDS } from '../lib/words';

/** The report's range (a preset or two dates), grouping, filters and rounding. */
export function ReportControls({ state }: { state: ReportState }) {
  const { t } = useTranslation();
  return (
    <section className="card report-controls" aria-labelledby="report-controls">
      <h2 id="report-controls" className="visually-hidden">
        {t('reports.controls')}
      </h2>
      <PeriodControls state={state} />
      <FilterControls state={state} />
      <RoundingControl rounding={state.rounding} onChange={state.setRounding} />
    </section>
  );
}

/** The user's rounding setting: how reports and invoices round each entry. */
function RoundingControl({ rounding, onChange }: { rounding: Rounding; onChange: (r: Rounding) => void }) {
  const { t } = useTranslation();
  return (
    <div className="form-row">
      <Field label={t('reports.rounding')} hint={t('reports.roundingHint')}>
        <select
          value={rounding.mode}
          onChange={(e) => onChange({ ...rounding, mode: e.target.value as Rounding['mode'] })}
        >
          <ValueOptions values={ROUNDING_MODES} name={(m) => t(ROUNDING_WORDS[m])} />
        </select>
      </Field>
      {rounding.mode !== 'none' ? (
        <Field label={t('reports.roundingStep')}>
          <select
            value={rounding.minutes}
            onChange={(e) => onChange({ ...rounding, minutes: Number(e.target.value) as RoundingMinutes })}
          >
            <ValueOptions values={ROUNDING_MINUTES} name={(m) => t('reports.minutes', { count: m })} />
          </select>
        </Field>
      ) : null}
    </div>
  );
}

/** The report's range (a preset or two dates) and its grouping. */
function PeriodControls({ state }: { state: ReportState }) {
  const { t } = useTranslation();
  return (
    <div className="form-row">
      <Field label={t('reports.period')}>
        <select value={state.preset} onChange={(e) => state.setPreset(e.target.value as Preset)}>
          <ValueOptions values={PRESETS} name={(p) => t(PRESET_WORDS[p])} />
        </select>
      </Field>
      {state.preset === 'custom' ? (
        <>
          <Field label={t('reports.from')}>
            <input
              type="date"
              value={state.range.startdate}
              onChange={(e) => state.setCustom({ ...state.range, startdate: e.target.value })}
            />
          </Field>
          <Field label={t('reports.to')}>
            <input
              type="date"
              value={state.range.enddate}
              onChange={(e) => state.setCustom({ ...state.range, enddate: e.target.value })}
            />
          </Field>
        </>
      ) : null}
      <Field label={t('reports.groupBy')}>
        <select value={state.groupby} onChange={(e) => state.setGroupby(e.target.value as Grouping)}>
          <ValueOptions values={GROUPINGS} name={(g) => t(GROUPING_WORDS[g])} />
        </select>
      </Field>
    </div>
  );
}

/** The report's filters: client, project, tag, billable. */
function FilterControls({ state }: { state: ReportState }) {
  const { t } = useTranslation();
  const { filters } = state;
  return (
    <div className="form-row">
      <Field label={t('reports.client')}>
        <select value={filters.clientid} onChange={(e) => state.setFilter('clientid', e.target.value)}>
          <option value="">{t('reports.all')}</option>
          <NamedOptions items={state.clients} />
        </select>
      </Field>
      <Field label={t('reports.project')}>
        <select value={filters.projectid} onChange={(e) => state.setFilter('projectid', e.target.value)}>
          <option value="">{t('reports.all')}</option>
          <NamedOptions items={state.projects} />
        </select>
      </Field>
      <Field label={t('reports.tag')}>
        <select value={filters.tag} onChange={(e) => state.setFilter('tag', e.target.value)}>
          <option value="">{t('reports.all')}</option>
          {state.tags.map((tag) => (
            <option key={tag.name} value={tag.name}>
              {tag.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('reports.billable')}>
        <select value={filters.billable} onChange={(e) => state.setFilter('billable', e.target.value)}>
          <option value="">{t('reports.all')}</option>
          <option value="true">{t('reports.billableOnly')}</option>
          <option value="false">{t('reports.nonBillableOnly')}</option>
        </select>
      </Field>
    </div>
  );
}
