// All CSS is imported here: esbuild does not load CSS imported from lazy chunks.
import './styles.css';
import './styles-tracking.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
