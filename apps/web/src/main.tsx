import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Default font, self-hosted (spec §9; no font CDN). unicode-range makes the browser fetch only the
// subsets a page uses.
import '@fontsource/montserrat/400.css';
import '@fontsource/montserrat/500.css';
import '@fontsource/montserrat/600.css';
import '@fontsource/montserrat/700.css';
import './styles.css';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
