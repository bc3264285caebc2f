/**
 * The image encoder process: recipes in, image bytes out, over the IPC channel of
 * createImageEncoder (src/images/pipeline.ts). libvips keeps the memory it encoded with until its process
 * ends; in a process of its own, that memory is returned as soon as the images are made.
 */
import { loadSharp, makeImage, type ImageRecipe } from './recipe.ts';

export interface EncodeJob {
  id: number;
  recipe: ImageRecipe;
}

export type EncodeReply = { id: number; bytes: Uint8Array } | { id: number; failed: string };

// One image at a time: this process works beside the build, which needs the images only at its
// end, and each image in flight holds its own buffers.
let queue: Promise<unknown> = Promise.resolve();
// Listening before anything is awaited: a message that arrives with no listener is lost.
process.on('message', (job: EncodeJob) => {
  queue = queue
    .then(() => loadSharp())
    .then((sharp) => makeImage(sharp, job.recipe))
    .then(
      (bytes): EncodeReply => ({ id: job.id, bytes }),
      (error: unknown): EncodeReply => ({ id: job.id, failed: error instanceof Error ? error.message : String(error) }),
    )
    // A build that stopped waiting has gone: there is no one left to answer.
    .then((reply) => process.connected && process.send!(reply));
});
