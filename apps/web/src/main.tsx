import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadPublicConfig } from './config/public-config';
import './index.css';

async function start() {
  const config = await loadPublicConfig();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <p>Wi-Fi 7 Workshop — {config.siteBaseUrl}</p>
    </StrictMode>,
  );
}

void start();
