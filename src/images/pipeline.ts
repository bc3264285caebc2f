/**
 * The image cache and the encoder behind it: every encode is cached in config.cacheDir under a key of the
 * source bytes' hash, the settings and the sharp and libvips versions, so a change of any makes a new file.
 * What is missing is made in an encoder process (src/images/encoder.ts) or, for a few small images, here.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { EncodeJob, EncodeReply } from './encoder.ts';
import { loadSharp, makeImage, type ImageRecipe } from './recipe.ts';
import { checkEmbeddedImages } from './size.ts';
import { resolveEntryFile } from '../entry-file.ts';
import { log } from '../log.ts';

export interface ImageWork {
  /** Images made by sharp in this build. */
  encoded: number;
  /** Images taken from the cache instead. */
  reused: number;
}

export interface ImagePipeline {
  /**
   * The cached bytes for `key`, or those of `recipe()` stored under it; asked again, the first answer.
   * `inProcess`: made here if the pipeline draws here (small images, quicker than starting the encoder).
   */
  cached(
    key: unknown,
    extension: string,
    recipe: () => ImageRecipe,
    options?: { inProcess?: boolean },
  ): Promise<{ bytes: Buffer; hash: string }>;
  readonly work: ImageWork;
  /** Stops the encoder process, if images had to be made. */
  close(): void;
  /** Deletes the cached images this pipeline neither used nor made: call once every image of the site is made. */
  prune(): void;
}

/**
 * The versions of sharp and of the libvips binaries installed with it, read from their
 * package.json files so that looking up the cache does not load them.
 */
let tools: Record<string, string> | undefined;
function installedTools(): Record<string, string> {
  if (tools) return tools;
  const manifest = (folder: string): { name?: string; version?: string } => {
    try {
      return JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    } catch {
      return {};
    }
  };
  // sharp does not export its package.json: walk up from its entry to the folder that holds it.
  let root = path.dirname(createRequire(import.meta.url).resolve('sharp'));
  while (manifest(root).name !== 'sharp' && path.dirname(root) !== root) root = path.dirname(root);
  const found: Record<string, string> = { sharp: String(manifest(root).version), cache: '2' };
  const scope = path.join(root, '..', '@img');
  let names: string[] = [];
  try {
    names = readdirSync(scope).filter((name) => name.startsWith('sharp-'));
  } catch {
    // no prebuilt binaries: sharp uses a libvips of the system
  }
  for (const name of names.sort()) found[name] = String(manifest(path.join(scope, name)).version);
  return (tools = found);
}

/**
 * `cacheDir` undefined (`--no-cache`): nothing is kept. `signal`: abort to stop making images. `drawsHere`:
 * false for a server that lives on (dev, the CMS's verdicts): every image is then made in the encoder process,
 * so an image that takes all the memory ends only that process.
 */
export function createImagePipeline(
  cacheDir: string | undefined,
  signal?: AbortSignal,
  { drawsHere = true } = {},
): ImagePipeline {
  const folder = cacheDir && path.join(cacheDir, 'images');
  const work: ImageWork = { encoded: 0, reused: 0 };
  const used = new Set<string>();
  let cacheFailed = false;
  signal?.addEventListener('abort', () => encoder?.stop(), { once: true });
  const answers = new Map<string, Promise<{ bytes: Buffer; hash: string }>>();

  /** The bytes for `name` from the cache folder, or made (by the encoder, or here) and kept there. */
  async function make(
    hash: string,
    name: string,
    recipe: () => ImageRecipe,
    inProcess: boolean,
  ): Promise<{ bytes: Buffer; hash: string }> {
    used.add(name);
    const file = folder && path.join(folder, name);
    // Read and written synchronously: a few small files, which must not wait in the thread
    // pool behind the reads of a large site's content (the encoder would wait with them).
    try {
      if (file) {
        const bytes = readFileSync(file);
        work.reused += 1;
        return { bytes, hash };
      }
    } catch {
      // not cached yet
    }
    signal?.throwIfAborted();
    const made = recipe();
    checkRecipe(made);
    let bytes: Buffer;
    if (inProcess && drawsHere) {
      bytes = await makeImage(await loadSharp(), made);
    } else {
      if (!encoder || encoder.ended) encoder = createImageEncoder();
      bytes = await encoder.make(made);
    }
    signal?.throwIfAborted();
    work.encoded += 1;
    if (folder && file && !cacheFailed) cacheFailed = !keepImage(folder, file, bytes);
    return { bytes, hash };
  }

  return {
    work,
    async cached(key, extension, recipe, { inProcess = false } = {}) {
      const hash = createHash('sha256')
        .update(JSON.stringify({ key, tools: installedTools() }))
        .digest('hex');
      const name = `${hash}.${extension}`;
      // An image asked for twice (started early, then asked for by its step) is made once.
      let answer = answers.get(name);
      if (!answer) answers.set(name, (answer = make(hash, name, recipe, inProcess)));
      return answer;
    },
    close() {
      if (idleMs > ENCODER_IDLE_MS) return;
      encoder?.close();
      encoder = undefined;
    },
    prune() {
      if (folder) pruneImages(folder, used);
    },
  };
}

/**
 * Writes an image into the cache folder beside and renamed, so a parallel build never reads half a file.
 * False when it cannot (a full or read-only disk): that is not the image's fault, and the build goes on.
 */
function keepImage(folder: string, file: string, bytes: Buffer): boolean {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
    return true;
  } catch (cause) {
    rmSync(temporary, { force: true });
    log.warn(
      `The image cache ${folder} cannot be written (${(cause as Error).message}); the build goes on without it.`,
    );
    return false;
  }
}

/** Deletes the finished entries of the cache folder that are not in `used`. */
function pruneImages(folder: string, used: ReadonlySet<string>): void {
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  // Only finished entries: a file being written by another build has a temporary name.
  for (const name of names) {
    if (!CACHED_IMAGE.test(name) || used.has(name)) continue;
    try {
      unlinkSync(path.join(folder, name));
    } catch {
      // gone already, or not ours to delete: the next build tries again
    }
  }
}

/** An SVG input (or layer) whose embedded rasters are over the pixel limit is refused before it is drawn. */
function checkRecipe(recipe: ImageRecipe): void {
  const problem = checkEmbeddedImages(recipe.input);
  if (problem) throw new Error(`The SVG ${problem}.`);
  for (const layer of recipe.composite ?? []) checkRecipe(layer.input);
}

/** The name of a finished entry of the image cache: the key's hash and the format. */
const CACHED_IMAGE = /^[0-9a-f]{64}\.(?:avif|webp|png|jpeg)$/;

interface ImageEncoder {
  make(recipe: ImageRecipe): Promise<Buffer>;
  /** No more images will be asked for: those still being made are not needed either. */
  close(): void;
  /** Stop now: images not made yet fail. */
  stop(): void;
  /** Its process has ended (idle, stopped or failed): more images need another encoder. */
  readonly ended: boolean;
}

const ENCODER_THREADS = '1';
/** How long the encoder waits without a job before its process ends (ms). */
const ENCODER_IDLE_MS = 100;
let idleMs = ENCODER_IDLE_MS;
/** The process's one encoder: the builds of a dev session take turns with it. */
let encoder: ImageEncoder | undefined;

/**
 * Keeps the encoder's process for `ms` after its last image, from build to build: in dev, starting it
 * again (a process and sharp) would be most of a save that changes an image.
 */
export function keepEncoderFor(ms: number): void {
  idleMs = Math.max(ms, ENCODER_IDLE_MS);
  // Started now, so that not even the first such save waits for it.
  if (!encoder || encoder.ended) encoder = createImageEncoder();
}

/** Back to one encoder per build, ended now (dev stopped). */
export function releaseEncoder(): void {
  idleMs = ENCODER_IDLE_MS;
  encoder?.close();
  encoder = undefined;
}

/**
 * Makes images in a process of its own (src/images/encoder.ts), started at the first uncached image:
 * libvips keeps the memory it encoded with until its process ends, and this one ends soon after its last.
 */
function createImageEncoder(): ImageEncoder {
  const pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();
  let next = 0;
  let ended = false;
  let idle: NodeJS.Timeout | undefined;
  const child = fork(resolveEntryFile('images/encoder'), [], {
    // Not this process's flags: --inspect-brk would stop the encoder until a debugger attached.
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // libvips's threads (AVIF's encoder splits its work by them) are fixed, so that every machine
    // makes the same bytes; glibc would give each thread an arena of its own.
    env: { ...process.env, VIPS_CONCURRENCY: ENCODER_THREADS, MALLOC_ARENA_MAX: ENCODER_THREADS },
  });
  // The process keeps this one alive only while it owes an answer.
  const hold = (waiting: boolean) => {
    if (waiting) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  };
  const failAll = (reason: string) => {
    for (const { reject } of pending.values()) reject(new Error(reason));
    pending.clear();
    hold(false);
  };
  child.on('message', (reply: EncodeReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('bytes' in reply)
      waiting.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    else waiting.reject(new Error(reply.failed));
    if (pending.size > 0) return;
    hold(false);
    // Done with what it was asked for: its process (libvips keeps the memory it encoded with)
    // ends soon, not with the build. An image asked for later starts another.
    idle = setTimeout(() => end(), idleMs);
    idle.unref();
  });
  child.on('error', (error) => failAll(`the image encoder process failed (${error.message})`));
  child.on('exit', (code, signal) => {
    ended = true;
    failAll(`the image encoder process stopped (${signal ?? `exit code ${code}`})`);
  });
  const end = () => {
    ended = true;
    child.kill();
  };
  hold(false);
  return {
    get ended() {
      return ended;
    },
    make(recipe) {
      clearTimeout(idle);
      const id = next++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        hold(true);
        child.send({ id, recipe } satisfies EncodeJob);
      });
    },
    // Images still asked for are not needed any more (another one failed): both stop at once. A
    // signal, since a disconnect is sent only once this thread is next idle.
    close: () => {
      clearTimeout(idle);
      end();
    },
    stop: () => {
      clearTimeout(idle);
      end();
    },
  };
}
