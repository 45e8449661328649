import { Button, Dialog } from '@/components';
import { useTranslation } from '@/i18n';

/** The `?` sheet: every keyboard shortcut of the app, with its key. */
export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ['N', t('daily.shortcutNew')],
    ['S', t('daily.shortcutStartStop')],
    ['Enter', t('daily.shortcutEnter')],
    ['?', t('daily.shortcutHelp')],
    ['Esc', t('daily.shortcutEscape')],
  ];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('daily.shortcuts')}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <dl className="shortcuts">
        {rows.map(([key, what]) => (
          <div key={key} className="shortcut">
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">{t('daily.shortcutsNote')}</p>
    </Dialog>
  );
}
