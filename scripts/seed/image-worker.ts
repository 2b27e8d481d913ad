/** Worker thread for images.ts: draws and encodes pool pictures off the main thread. */
import { parentPort } from 'node:worker_threads';
import { renderImage } from './images';

parentPort?.on('message', (job: { sub: string; n: number }) => {
  const jpeg = renderImage(job.sub, job.n);
  parentPort?.postMessage({ ...job, jpeg }, [jpeg.buffer as ArrayBuffer]);
});
