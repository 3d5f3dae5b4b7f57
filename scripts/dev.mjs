// `npm run dev`: the API (tsx watch, port 3000) and Vite (port 5173, proxying /api) side by side.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@trustlinks/api'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@trustlinks/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
