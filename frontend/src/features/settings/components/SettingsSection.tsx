import type { ReactNode } from 'react';
import type { User } from '@/lib/auth';
import type { SaveSettings } from '../hooks/use-save-settings';

/** What every section of the settings page is given: the signed-in user and the way to save. */
export interface SettingsSectionProps {
  user: User;
  save: SaveSettings;
}

/** One card of the settings page, titled for screen readers by its heading. */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
