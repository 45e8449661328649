import type { KeyboardEvent } from 'react';
import { Field, NamedOptions } from '@/components';
import { useTranslation } from '@/i18n';
import type { Client } from '@/lib/clients';
import { NO_CLIENT } from '../lib/client-filter';

/**
 * 'Client': every project, those of one client, or those without one (the project list and the
 * project picker filter by it; `ofClient` applies it).
 */
export function ClientFilter({
  clients,
  value,
  onChange,
  onKeyDown,
}: {
  clients: Client[];
  value: string;
  onChange: (value: string) => void;
  onKeyDown?: (e: KeyboardEvent<HTMLSelectElement>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="list-filters">
      <Field label={t('tagging.client')}>
        <select value={value} onChange={(e) => onChange(e.target.value)} onKeyDown={onKeyDown}>
          <option value="">{t('tagging.allClients')}</option>
          <option value={NO_CLIENT}>{t('tagging.noClient')}</option>
          <NamedOptions items={clients} />
        </select>
      </Field>
    </div>
  );
}
