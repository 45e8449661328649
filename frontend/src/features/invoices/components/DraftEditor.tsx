import { LINE_UNITS, type LineUnit } from '@contract/invoices';
import { useState } from 'react';
import { Button, DecimalField, Field, FormError, LanguageOptions, ValueOptions } from '@/components';
import { useTranslation } from '@/i18n';
import type { Invoice } from '../api/invoices';
import { UNIT_WORDS } from '../lib-words';
import { TaxFields } from './TaxFields';
import { type LineDraft, useDraftEditor } from './use-draft-editor';

/**
 * A draft's shape (CONTRACT §9 "Drafts people can shape"): period, language, tax, notes and the
 * lines — a description changed, a fixed-price item added, a line removed. Shown on a draft only;
 * "Edit draft" opens it, saving closes it.
 */
export function DraftEditor({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <p>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('invoices.edit.open')}
        </Button>
      </p>
    );
  }
  return <DraftForm invoice={invoice} onDone={() => setOpen(false)} />;
}

function DraftForm({ invoice, onDone }: { invoice: Invoice; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useDraftEditor(invoice, onDone);
  const { value, change } = form;
  return (
    <section className="card form" aria-labelledby="draft-edit-title">
      <h2 id="draft-edit-title">{t('invoices.edit.title')}</h2>
      <div className="form-row">
        <Field label={t('invoices.from')}>
          <input
            type="date"
            value={value.startdate}
            onChange={(e) => change({ startdate: e.target.value })}
          />
        </Field>
        <Field label={t('invoices.to')}>
          <input type="date" value={value.enddate} onChange={(e) => change({ enddate: e.target.value })} />
        </Field>
        <Field label={t('invoices.edit.language')}>
          <select
            value={value.language}
            onChange={(e) => change({ language: e.target.value as typeof value.language })}
          >
            <option value="">{t('invoices.edit.languageDefault')}</option>
            <LanguageOptions />
          </select>
        </Field>
      </div>
      <fieldset className="draft-lines">
        <legend>{t('invoices.edit.lines')}</legend>
        {value.lines.map((line, i) => (
          <LineFields key={line.key} line={line} index={i} form={form} />
        ))}
        <p>
          <Button variant="secondary" onClick={form.addFixedPrice}>
            {t('invoices.edit.addFixed')}
          </Button>
        </p>
      </fieldset>
      <div className="form-row">
        <TaxFields taxRate={value.taxRate} reverseCharge={value.reverseCharge} onChange={change} />
      </div>
      <Field label={t('invoices.notes')}>
        <textarea value={value.notes} rows={2} onChange={(e) => change({ notes: e.target.value })} />
      </Field>
      <FormError>{form.error}</FormError>
      <div className="form-actions">
        <Button variant="secondary" onClick={onDone} disabled={form.busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void form.save()} disabled={form.busy}>
          {t('invoices.edit.save')}
        </Button>
      </div>
    </section>
  );
}

function LineFields({
  line,
  index,
  form,
}: {
  line: LineDraft;
  index: number;
  form: ReturnType<typeof useDraftEditor>;
}) {
  const { t } = useTranslation();
  const set = (next: Partial<LineDraft>) => form.changeLine(line.key, next);
  return (
    <fieldset className="form-row draft-line">
      <legend className="visually-hidden">{t('invoices.edit.line', { n: index + 1 })}</legend>
      <Field label={t('invoices.description')}>
        <input value={line.description} onChange={(e) => set({ description: e.target.value })} />
      </Field>
      <DecimalField
        label={t('invoices.edit.quantity')}
        value={line.quantity}
        onChange={(quantity) => set({ quantity })}
      />
      <Field label={t('invoices.edit.unit')}>
        <select value={line.unit} onChange={(e) => set({ unit: e.target.value as LineUnit })}>
          <ValueOptions values={LINE_UNITS} name={(u) => t(UNIT_WORDS[u])} />
        </select>
      </Field>
      <DecimalField
        label={t('invoices.edit.price')}
        value={line.price}
        onChange={(price) => set({ price })}
      />
      <Button
        variant="danger"
        onClick={() => form.removeLine(line.key)}
        disabled={form.value.lines.length === 1}
        aria-label={t('invoices.edit.remove', { n: index + 1 })}
      >
        {t('invoices.edit.removeShort')}
      </Button>
    </fieldset>
  );
}
