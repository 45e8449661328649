import { useState } from 'react';
import { useTranslation } from '@/i18n';
import { CreateProjectDialog } from '../components/CreateProjectDialog';
import { ProjectList } from '../components/ProjectList';

/** /projects: the project list and the floating add button opening 'Create project'. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <div className="page projects-page">
      <h1>{t('shell.projects')}</h1>
      <ProjectList />
      <button
        type="button"
        className="fab"
        aria-label={t('projects.add')}
        title={t('projects.add')}
        onClick={() => setCreating(true)}
      >
        <span aria-hidden="true">+</span>
      </button>
      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
