import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import './styles.css';
import { bootstrap } from './app/bootstrap';
import { App, prefetchLoginPage } from './app/app';
import { RootErrorBoundary } from './features/error-log/components/root-error-boundary';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
prefetchLoginPage();
await bootstrap();
createRoot(root).render(
  <StrictMode>
    {/* Render errors the page boundary cannot catch (providers, layout) are logged here. */}
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
