/** Reads a whole output folder into memory, to compare two builds byte for byte. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export async function readTree(folder: string): Promise<Map<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const tree = new Map<string, string>();
  for (const file of files.sort())
    tree.set(path.relative(folder, file).split(path.sep).join('/'), (await readFile(file)).toString('base64'));
  return tree;
}
