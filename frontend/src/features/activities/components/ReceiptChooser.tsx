import { type DragEvent, useId, useState } from 'react';
import { hidden, rich, useTranslation } from '@/i18n';

/**
 * Where receipts are picked: a drop zone for files dragged onto it, and the file chooser, which on
 * a phone offers the camera (`capture`). Picked files go to `onFiles`; nothing is uploaded here.
 */
export function ReceiptChooser({
  onFiles,
  busy = false,
}: {
  onFiles: (files: File[]) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!busy) onFiles(Array.from(e.dataTransfer.files));
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop zone is a shortcut; the file input inside is the accessible way.
    <div
      className={`receipt-drop${over ? ' receipt-drop-over' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p className="muted">{t('receipts.chooseOrDrop')}</p>
      <label htmlFor={id} className="btn btn-secondary">
        {t('receipts.choose')}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="image/*,application/pdf"
        capture="environment"
        multiple
        disabled={busy}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <p className="field-hint">{t('receipts.hint')}</p>
    </div>
  );
}

/** The files picked for a new entry, each removable before the save uploads them. */
export function ChosenReceipts({ files, onRemove }: { files: File[]; onRemove: (file: File) => void }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className="receipt-list" aria-label={t('receipts.title')}>
      {files.map((file) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}`} className="receipt-item">
          <span aria-hidden="true">{iconOf(file.type)}</span>
          <span className="receipt-name">{file.name}</span>
          <button type="button" className="btn btn-ghost" onClick={() => onRemove(file)}>
            {rich(t('receipts.removeChosen', { name: file.name }), { h: hidden })}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A receipt's icon by its type: a photo, an XML e-invoice or a document. */
export function iconOf(contentType: string): string {
  if (contentType.startsWith('image/')) return '🖼️';
  if (contentType.includes('xml')) return '🧾';
  return '📄';
}
