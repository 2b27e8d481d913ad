/** Worker thread for images.ts: draws and encodes pool pictures off the main thread. */
import { parentPort } from 'node:worker_threads';
import { renderImage } from './images';

parentPort?.on('message', (job: { sub: string; n: number }) => {
  void renderImage(job.sub, job.n).then((jpeg) => {
    const copy = jpeg.slice();
    parentPort?.postMessage({ ...job, jpeg: copy }, [copy.buffer as ArrayBuffer]);
  });
});
