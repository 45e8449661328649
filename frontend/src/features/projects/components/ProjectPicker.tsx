import { type ReactNode, useId } from 'react';
import { useTranslation } from '@/i18n';
import { useClients } from '@/lib/clients';
import type { Project } from '../api/get-projects';
import { type ProjectPickerState, useProjectPicker } from '../hooks/use-project-picker';
import { ClientFilter } from './ClientFilter';
import { CreateProjectDialog } from './CreateProjectDialog';

export interface ProjectPickerProps {
  /** The chosen project's id. */
  value: string | undefined;
  onChange: (projectId: string) => void;
  label?: string;
}

/**
 * The project picker: a button opening a popover that lists the projects sorted by name, each with
 * its client and filtered by client as the project list is, plus '...Add new project' (which opens the create dialog; a name that already exists
 * picks that project). Keyboard: ArrowUp/ArrowDown move, Enter or Space pick, Escape closes.
 */
export function ProjectPicker({ value, onChange, label }: ProjectPickerProps) {
  const { t } = useTranslation();
  const picker = useProjectPicker(value, onChange);
  const id = useId();

  return (
    <div className="picker">
      <span id={`${id}-label`} className="picker-label">
        {label ?? t('projects.project')}
      </span>
      <button
        ref={picker.buttonRef}
        type="button"
        className="picker-button"
        aria-haspopup="listbox"
        aria-expanded={picker.open}
        aria-labelledby={`${id}-label ${id}-button`}
        id={`${id}-button`}
        onClick={() => (picker.open ? picker.closeList() : picker.openList())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            picker.openList();
          }
        }}
      >
        {picker.chosen ? picker.chosen.name : t('projects.choose')}
        <span aria-hidden="true"> ▾</span>
      </button>
      {picker.open ? <PickerList id={id} picker={picker} value={value} /> : null}
      <CreateProjectDialog
        open={picker.creating}
        onClose={picker.closeDialog}
        onCreated={(project: Project) => onChange(project._id)}
      />
    </div>
  );
}

/**
 * The open popover: the client filter (when the user has clients: the project list's, same words),
 * then the list of the projects it lets through and '...Add new project'.
 */
function PickerList({
  id,
  picker,
  value,
}: {
  id: string;
  picker: ProjectPickerState;
  value: string | undefined;
}) {
  const { t } = useTranslation();
  const { projects, active } = picker;
  const { data: clients = [] } = useClients();
  const clientOf = (p: Project) => clients.find((c) => c._id === p.clientId)?.name;
  return (
    <fieldset
      aria-labelledby={`${id}-label`}
      className="picker-popover"
      onBlur={(e) => {
        if (
          !e.currentTarget.contains(e.relatedTarget as Node | null) &&
          e.relatedTarget !== picker.buttonRef.current
        )
          picker.setOpen(false);
      }}
    >
      {clients.length > 0 ? (
        <ClientFilter
          clients={clients}
          value={picker.clientFilter}
          onChange={picker.setClientFilter}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              picker.closeList();
            }
          }}
        />
      ) : null}
      <div
        ref={picker.listRef}
        role="listbox"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-activedescendant={`${id}-opt-${active}`}
        onKeyDown={picker.onKeyDown}
      >
        {picker.isLoading ? (
          <div className="picker-loading" aria-live="polite">
            {t('projects.loadingEllipsis')}
          </div>
        ) : null}
        {projects.map((p, i) => (
          <PickerOption
            key={p._id}
            id={`${id}-opt-${i}`}
            active={i === active}
            selected={p._id === value}
            onPick={() => picker.choose(i)}
          >
            {p.name}
            {clientOf(p) ? <span className="muted"> · {clientOf(p)}</span> : null}
          </PickerOption>
        ))}
        <PickerOption
          id={`${id}-opt-${projects.length}`}
          active={active === projects.length}
          selected={false}
          onPick={() => picker.choose(projects.length)}
          className="picker-add"
        >
          {t('projects.addNew')}
        </PickerOption>
      </div>
    </fieldset>
  );
}

function PickerOption({
  id,
  active,
  selected,
  onPick,
  className,
  children,
}: {
  id: string;
  active: boolean;
  selected: boolean;
  onPick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox owns the keyboard (aria-activedescendant)
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      // mousedown keeps the focus in the list, so its blur does not close it before the pick.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
    >
      {children}
    </div>
  );
}
