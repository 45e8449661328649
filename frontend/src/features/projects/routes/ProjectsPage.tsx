import { useState } from 'react';
import { CreateProjectDialog } from '../components/CreateProjectDialog';
import { ProjectList } from '../components/ProjectList';

/** /projects: the project list and the floating add button opening 'Create project'. */
export function ProjectsPage() {
  const [creating, setCreating] = useState(false);
  return (
    <div className="page projects-page">
      <h1>Projects</h1>
      <ProjectList />
      <button
        type="button"
        className="fab"
        aria-label="Add project"
        title="Add project"
        onClick={() => setCreating(true)}
      >
        <span aria-hidden="true">+</span>
      </button>
      <CreateProjectDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
