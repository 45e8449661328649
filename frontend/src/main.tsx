// All CSS is imported here: esbuild does not load CSS imported from lazy chunks.
import './styles.css';
import './styles-tracking.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { applyTheme, readDarkMode } from './lib/auth';

// The theme before the first render, so a light-mode user sees no dark frame. (The CSP allows no
// inline script in index.html to do it even earlier.)
applyTheme(readDarkMode());

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>,
  );
}
