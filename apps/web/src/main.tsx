import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './index.css';
import { openAudioAfterGesture } from './lib/sounds.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

openAudioAfterGesture();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
